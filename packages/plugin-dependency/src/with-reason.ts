/**
 * A goal's message followed by the reason its cause gives, joined as Maven's exception handler
 * joins them: after a full stop with a space, else with a colon.
 */
export function withReason(message: string, cause: unknown): string {
  const reason = cause instanceof Error ? cause.message : String(cause);
  return message.endsWith('.') ? `${message} ${reason}` : `${message}: ${reason}`;
}
