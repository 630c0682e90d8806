// Types for the parts of npm `assimpjs` (0.0.10: Assimp compiled to WebAssembly with Emscripten and
// embind) that the model lab uses. Objects made by embind live in WebAssembly memory until delete().
declare module 'assimpjs' {
  interface EmbindObject {
    delete(): void;
  }
  export interface AssimpFile extends EmbindObject {
    GetPath(): string;
    /** A view of Assimp's memory: copy it before the next call into Assimp. */
    GetContent(): Uint8Array;
  }
  export interface AssimpFileList extends EmbindObject {
    /** Assimp finds a file by its name (case-insensitive, folders ignored). */
    AddFile(name: string, bytes: Uint8Array): void;
  }
  export interface AssimpResult extends EmbindObject {
    IsSuccess(): boolean;
    /** "no_error", "no_files_found", "import_error", "export_error" or "unknown_error". */
    GetErrorCode(): string;
    FileCount(): number;
    GetFile(index: number): AssimpFile;
  }
  export interface AssimpModule {
    FileList: new () => AssimpFileList;
    /** Tries each file of `list` in order as the model until one imports, then exports it as `format` ("glb2", "assjson", …). */
    ConvertFileList(list: AssimpFileList, format: string): AssimpResult;
  }
  /** Emscripten module options (the ones the lab passes). */
  export interface AssimpOptions {
    wasmBinary?: Uint8Array;
    locateFile?: (path: string, directory: string) => string;
    print?: (text: string) => void;
    printErr?: (text: string) => void;
  }
  const createAssimp: (options?: AssimpOptions) => Promise<AssimpModule>;
  export default createAssimp;
}
