/**
 * An error as a small HTML page, for addresses a person opens in a browser (the page of a
 * manage link): the fields of the error body of docs/api-conventions.md#errors, escaped, with
 * no script and nothing loaded from elsewhere.
 */
import { errorBody, type ApiError } from '../lib/errors.js';

/** Only inline style; nothing else may load, run, frame the page or be submitted from it. */
export const ERROR_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** The page: `title` as its heading, the message, then every field of the error body. */
export function errorPage(title: string, err: ApiError, requestId: string): string {
  const { error } = errorBody(err, requestId);
  const fields = Object.entries(error)
    .filter(([, value]) => value !== null && value !== undefined)
    .map(([name, value]) => `<dt>${escapeHtml(name)}</dt><dd><code>${escapeHtml(typeof value === 'string' ? value : JSON.stringify(value))}</code></dd>`)
    .join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;color:#1a1a1a}dt{font-weight:600}dd{margin:0 0 .5rem}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(error.message)}</p>
<dl aria-label="Error details">${fields}</dl>
</main>
</body>
</html>
`;
}
