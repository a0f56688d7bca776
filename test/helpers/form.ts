/**
 * A browser's form POST from the service's own page (`Sec-Fetch-Site: same-origin`, as Chromium
 * sends it), not following the redirect: how tests submit the hosted pages' forms.
 */
export const postForm = (
  url: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) =>
  fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'sec-fetch-site': 'same-origin',
      ...headers,
    },
    body: new URLSearchParams(fields).toString(),
  });
