/**
 * The fake's hosted onboarding page (what an account link opens): a heading "Fake Stripe
 * onboarding", a "Complete onboarding" button (a POST form to the same address: completes the
 * account and answers 303 to the `return_url`) and a "Come back later" link (straight to the
 * `return_url`, the account stays incomplete). Plain, accessible HTML; no script.
 */

/** HTML-escapes text for element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** `url` when it is an absolute http(s) URL (where the page may send the browser), else undefined. */
export function safeReturnUrl(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

/** The onboarding page for `accountId` (`email` shown when known), returning to `returnUrl`. */
export function onboardingPage(accountId: string, email: string | null, returnUrl: string, refreshUrl: string | undefined, completed: boolean): string {
  const id = escapeHtml(accountId);
  const back = escapeHtml(returnUrl);
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Fake Stripe onboarding</title><link rel="icon" href="data:,"></head>
<body>
<main>
<h1>Fake Stripe onboarding</h1>
<p>Connected account <code>${id}</code>${email ? ` for ${escapeHtml(email)}` : ''}${completed ? ' (already complete)' : ''}.</p>
<form method="post" action="/connect/onboarding/${encodeURIComponent(accountId)}">
<input type="hidden" name="return_url" value="${back}">
${refreshUrl ? `<input type="hidden" name="refresh_url" value="${escapeHtml(refreshUrl)}">` : ''}
<button type="submit">Complete onboarding</button>
</form>
<p><a href="${back}">Come back later</a></p>
</main>
</body>
</html>
`;
}

/** A small error page (unknown account, bad return address). */
export function errorPage(message: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Fake Stripe onboarding</title><link rel="icon" href="data:,"></head>
<body><main><h1>Fake Stripe onboarding</h1><p role="alert">${escapeHtml(message)}</p></main></body></html>
`;
}
