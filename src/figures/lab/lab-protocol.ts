// The messages between the model lab's page (lab-island.ts) and its worker (lab-worker.ts). Every
// field is structured-cloneable: a Model travels as its plain objects and typed arrays.

import type { Diagnosis } from '../../core/diagnosis.ts';
import type { Model } from '../../core/model.ts';

/** Page → worker: open these dropped or picked files, or one of the site's own models. */
export type LabRequest =
  | { kind: 'files'; id: number; files: File[] }
  | { kind: 'url'; id: number; url: string; name: string };

/** What the worker is doing for request `id`; `loaded` and `total` are bytes (0 when unknown). */
export type LabStage = 'reading' | 'parsing' | 'checking';

/** Worker → page. */
export type LabResponse =
  | { kind: 'progress'; id: number; stage: LabStage; loaded: number; total: number }
  /** The loader's verdict: the model (null when refused) and the diagnosis either way. */
  | { kind: 'done'; id: number; name: string; model: Model | null; diagnosis: Diagnosis }
  /** Nothing to diagnose: no model among the files, too big, unreadable, not downloaded. */
  | { kind: 'failed'; id: number; message: string };
