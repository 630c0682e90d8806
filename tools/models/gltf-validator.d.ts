// Types for the parts of the `gltf-validator` package (Khronos glTF-Validator compiled to
// JavaScript, which ships no declarations) that the generator and the tests use.

declare module 'gltf-validator' {
  export interface ValidationMessage {
    code: string;
    message: string;
    /** 0 error, 1 warning, 2 information, 3 hint. */
    severity: number;
    /** JSON pointer of the offending property, when there is one. */
    pointer?: string;
  }

  export interface ValidationReport {
    uri: string;
    validatorVersion: string;
    issues: {
      numErrors: number;
      numWarnings: number;
      numInfos: number;
      numHints: number;
      messages: ValidationMessage[];
      truncated: boolean;
    };
    info?: Record<string, unknown>;
  }

  export interface ValidationOptions {
    uri?: string;
    format?: 'glb' | 'gltf';
    /** 0 = unlimited. */
    maxIssues?: number;
    writeTimestamp?: boolean;
    ignoredIssues?: string[];
    onlyIssues?: string[];
    severityOverrides?: Record<string, number>;
    externalResourceFunction?: (uri: string) => Promise<Uint8Array>;
  }

  export function validateBytes(data: Uint8Array, options?: ValidationOptions): Promise<ValidationReport>;
  export function validateString(json: string, options?: ValidationOptions): Promise<ValidationReport>;
  export function version(): string;

  const validator: {
    validateBytes: typeof validateBytes;
    validateString: typeof validateString;
    version: typeof version;
  };
  export default validator;
}
