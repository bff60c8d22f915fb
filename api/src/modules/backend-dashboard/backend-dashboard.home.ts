import { shownTables } from './backend-dashboard.resources.js';

/** The name AdminJS's `dashboard.component` option refers to. */
export const HOME_COMPONENT = 'SupplyHubHome';

/** What each group of raw tables holds, for the home page. */
const GROUP_TEXTS: Record<string, string> = {
  People: 'accounts, profiles, roles and shipping addresses',
  Catalogue: 'products and the catalogue reconciliations',
  Orders: 'orders, their lines and the supplier integration log',
  Operations: 'the audit trail and the background job runs',
};

/**
 * The backend dashboard's home page, replacing AdminJS's stock one (its pictures, 'Contact us',
 * 'Join the Discord community'). Served as components.bundle.js, the script AdminJS loads for user
 * components: plain JavaScript on the React global AdminJS itself exposes, so nothing is bundled at
 * run time (no rollup, no writable folder). The texts are static; the table list comes from
 * shownTables, the same list the navigation shows.
 */
export function homeComponentScript(): string {
  const groups = [...new Set(shownTables().map((table) => table.group))].map((group) => ({
    name: group,
    text: GROUP_TEXTS[group] ?? '',
    tables: shownTables()
      .filter((table) => table.group === group)
      .map((table) => table.table),
  }));
  return `(function () {
  var h = window.React.createElement;
  var groups = ${JSON.stringify(groups)};
  var text = { margin: '0 0 12px', lineHeight: 1.5, fontSize: 15 };
  function SupplyHubHome() {
    return h('section', { style: { padding: 32, maxWidth: 760, fontFamily: 'inherit' }, 'aria-labelledby': 'sh-home-title' },
      h('h2', { id: 'sh-home-title', style: { fontSize: 26, margin: '0 0 16px' } }, 'Supply Hub backend dashboard'),
      h('p', { style: text }, 'These are the portal\\u2019s raw database tables, exactly as stored. Use them to check what the portal recorded \\u2014 for example when tracing an order, a supplier submission or an account \\u2014 beyond what the back office screens show.'),
      h('p', { style: Object.assign({}, text, { fontWeight: 600 }) }, 'Read-only: nothing can be created, edited or deleted here. Change data in the back office.'),
      h('ul', { style: { margin: '0 0 16px', paddingLeft: 20, lineHeight: 1.6 } }, groups.map(function (group) {
        return h('li', { key: group.name }, group.name + ': ' + group.text + ' (' + group.tables.join(', ') + ')');
      })),
      h('p', { style: text }, h('a', { href: '/admin/dashboard' }, 'Back to the back office')));
  }
  window.AdminJS.UserComponents = window.AdminJS.UserComponents || {};
  window.AdminJS.UserComponents.${HOME_COMPONENT} = SupplyHubHome;
})();
`;
}
