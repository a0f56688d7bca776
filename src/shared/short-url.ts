/**
 * A link as a printed receipt shows it: the public address without its scheme, shortened in the
 * middle when long ("pay.example.test/receipt/0193…7c2e"), so the host and the end of the id,
 * the parts a person reads or types, stay. The QR code beside it carries the whole address.
 */
export function shortUrl(url: string, max = 36): string {
  const bare = url.replace(/^[a-z][a-z\d+.-]*:\/\//i, '').replace(/\/$/, '');
  if (bare.length <= max) return bare;
  const keep = max - 1;
  const head = Math.ceil(keep / 2);
  return `${bare.slice(0, head)}…${bare.slice(bare.length - (keep - head))}`;
}
