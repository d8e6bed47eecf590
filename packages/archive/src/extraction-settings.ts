import type { EntrySelector } from './entry-selector';
import type { FileMapper } from './file-mappers';
import type { PlannedEntryListener } from './planned-entry';
import type { StoreFilling } from './store-filling';

/** How an extraction treats every archive it extracts. */
export interface ExtractionSettings {
  /** The entries extracted, chosen by their names in the archive (before any mapping). */
  readonly selector: EntrySelector;
  /** Files get the umask's modes instead of the entries' own. */
  readonly ignorePermissions?: boolean;
  /** Absolute directories that also receive a copy of every extracted regular file, without its directories (cxx `flattenDestDirs`). */
  readonly flattenDestDirs?: readonly string[];
  /** Process umask, for the modes of flatten copies. */
  readonly umask?: number;
  /** The most bytes one archive may extract to; none when absent. */
  readonly sizeLimit?: SizeLimit;
  /** plexus FileMappers applied to each selected entry's name, in order. */
  readonly fileMappers?: readonly FileMapper[];
  /** Hears of every entry the plan accepts, in plan order (replayed stored entries too). */
  readonly onPlanned?: PlannedEntryListener;
  /** Store trees filled from the same writes as the output (archives read, not replayed). */
  readonly storeFilling?: StoreFilling;
}

/**
 * The zip-bomb guard: declared sizes count against `bytes` as entries are planned (zip: before
 * anything is read; tar: as the stream goes), and the entry that crosses it is refused with the
 * caller's wording (which names the setting a user raises).
 */
export interface SizeLimit {
  readonly bytes: number;
  refusal(entryName: string): string;
}
