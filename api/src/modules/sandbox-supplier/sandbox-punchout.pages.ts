import escapeHtml from 'escape-html';

import { SANDBOX_SHOP_ITEMS } from './sandbox-punchout.rules.js';
import { SANDBOX_SHOP_PATH, type ShopView } from './sandbox-punchout.service.js';

/**
 * The sandbox supplier's PunchOut shop: the items with "Add to cart", the cart, and "Return to
 * Supply Hub" — a plain form posting the PunchOutOrderMessage to the buyer's BrowserFormPost URL, as
 * a real supplier's page does (no script needed).
 */
export function shopPage(view: ShopView): string {
  const shopUrl = `${SANDBOX_SHOP_PATH}/${view.token}`;
  const rows = SANDBOX_SHOP_ITEMS.map(
    (item) => `<tr>
<td>${escapeHtml(item.description)}<br><small>${escapeHtml(item.partId)}</small></td>
<td>$${item.price} / ${item.unit}</td>
<td><form method="post" action="${escapeHtml(`${shopUrl}/cart`)}">
<input type="hidden" name="part" value="${escapeHtml(item.partId)}">
<label>Quantity <input type="number" name="quantity" value="1" min="1" max="999" aria-label="Quantity of ${escapeHtml(item.description)}"></label>
<button type="submit" aria-label="Add ${escapeHtml(item.description)} to cart">Add to cart</button>
</form></td>
</tr>`,
  ).join('\n');
  const cartLines = view.cart
    .map((line) => {
      const item = SANDBOX_SHOP_ITEMS.find((candidate) => candidate.partId === line.partId);
      return item ? `<li>${line.quantity} × ${escapeHtml(item.description)}</li>` : '';
    })
    .join('\n');
  return `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox Medical Supply — PunchOut shop</title></head>
<body>
<main>
<h1>Sandbox Medical Supply</h1>
<p>PunchOut shop${view.userEmail ? ` for ${escapeHtml(view.userEmail)}` : ''}. Prices are quoted for Supply Hub.</p>
<table>
<thead><tr><th>Item</th><th>Price</th><th></th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
<h2>Your cart</h2>
${view.cart.length === 0 ? '<p>Your cart is empty.</p>' : `<ul aria-label="Shop cart">\n${cartLines}\n</ul>`}
<form method="post" action="${escapeHtml(view.returnUrl)}">
<input type="hidden" name="cxml-urlencoded" value="${escapeHtml(view.orderMessageXml)}">
<button type="submit">Return to Supply Hub</button>
</form>
</main>
</body>
</html>
`;
}

export function unknownShopPage(): string {
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Unknown shop session</title></head>
<body><main><h1>This shop session is unknown</h1><p>Start again from Supply Hub with "Shop at supplier".</p></main></body>
</html>
`;
}
