/** A message line: an error (announced at once) or a confirmation; nothing when empty. */
export function Notice({
  kind,
  children,
  testId,
}: {
  kind: 'error' | 'ok';
  children: string | null | undefined;
  testId?: string;
}) {
  if (!children) return null;
  return (
    <p className={kind} role={kind === 'error' ? 'alert' : 'status'} data-testid={testId}>
      {children}
    </p>
  );
}
