/**
 * Comma-list handling shared by the artifact filters and the entry patterns, with the exact
 * rules of maven-dependency-plugin 3.5.0: normalise (trim, drop whitespace around commas), then
 * split like Java's `String.split(",")` (trailing empty tokens dropped, leading/inner ones kept).
 */

/** Java `String.trim()`: strips every character up to U+0020 at both ends. */
export function javaTrim(value: string): string {
  let start = 0;
  let end = value.length;
  while (start < end && value.charCodeAt(start) <= 0x20) start++;
  while (end > start && value.charCodeAt(end - 1) <= 0x20) end--;
  return value.slice(start, end);
}

/** `DependencyUtil.cleanToBeTokenizedString`: "" for null/empty, else trimmed and comma-tightened. */
export function normalizeList(value: string | undefined | null): string {
  if (!value) return '';
  // Java's \s is [ \t\n\x0B\f\r]; JS \s would also eat non-breaking and Unicode spaces.
  return javaTrim(value).replace(/[ \t\n\x0B\f\r]*,[ \t\n\x0B\f\r]*/g, ',');
}

/** Java `String.split(",")` on an already normalised, non-empty string. */
export function javaSplitComma(value: string): string[] {
  if (value === '') return [''];
  const parts = value.split(',');
  while (parts.length > 0 && parts[parts.length - 1] === '') parts.pop();
  return parts;
}

/** Tokens of a filter parameter: [] when the parameter is empty (the filter is then off). */
export function filterTokens(value: string | undefined | null): string[] {
  const normalized = normalizeList(value);
  return normalized === '' ? [] : javaSplitComma(normalized);
}
