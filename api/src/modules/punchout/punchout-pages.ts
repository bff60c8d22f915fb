import escapeHtml from 'escape-html';

/** The page a refused PunchOut return shows in the browser: what happened, and the way back. */
export function refusalPage(message: string, publicUrl: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Cart not added — Supply Hub</title></head>
<body>
<main>
<h1>Your supplier cart was not added</h1>
<p role="alert">${escapeHtml(message)}</p>
<p>Nothing was added to your Supply Hub cart.</p>
<p><a href="${escapeHtml(`${publicUrl}/catalog`)}">Back to Supply Hub</a></p>
</main>
</body>
</html>
`;
}
