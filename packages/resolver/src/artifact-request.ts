import type { Coordinates } from '@goalhost/model';

/** An artifact a goal asks for by coordinates; `type` (default `jar`) gives the extension and classifier it leaves out. */
export interface ArtifactRequest extends Coordinates {
  readonly type?: string;
  readonly classifier?: string;
  readonly extension?: string;
}
