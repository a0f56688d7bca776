/**
 * One JSON call to the service under test, as every benchmark makes its setup calls (pairing,
 * seeding payments, pushing): the secret as a Bearer header (none for a public route), the body
 * as JSON, and any answer but a 2xx thrown with its status and text, because a benchmark set up
 * on a failed call would measure nothing.
 */
export async function callApi(
  base: string,
  method: string,
  path: string,
  body: unknown,
  secret: string | null,
): Promise<Record<string, unknown>> {
  const response = await fetch(base + path, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(secret ? { authorization: `Bearer ${secret}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}
