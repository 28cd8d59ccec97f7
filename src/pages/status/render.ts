import type { ComponentStatus } from '../../status/classify.js';
import type { ComponentGroup } from '../../status/components.js';
import type { PlatformStatusView, StatusComponentView, StatusIncidentView } from '../../status/views.js';
import { esc } from '../page.js';

/**
 * The status page's HTML, rendered on the server from the same answer as `GET /v1/status`: every value escaped, no
 * script, one inline stylesheet (allowed by its hash). Every colour has its words next to it: the overall state and
 * each component's state are text, and each day bar carries its date, state and uptime as text for screen readers
 * and as a tooltip.
 */

const LABEL: Record<ComponentStatus, string> = {
  operational: 'Operational',
  degraded_performance: 'Degraded performance',
  partial_outage: 'Partial outage',
  major_outage: 'Major outage',
  under_maintenance: 'Under maintenance',
};
const OVERALL: Record<ComponentStatus, string> = {
  operational: 'All systems operational',
  degraded_performance: 'Degraded performance',
  partial_outage: 'Partial outage',
  major_outage: 'Major outage',
  under_maintenance: 'Maintenance in progress',
};
const GROUPS: Record<ComponentGroup, string> = { api: 'API', providers: 'Liquidity providers', rpc: 'Chain RPCs', webhooks: 'Webhooks' };
const INCIDENT_STATUS: Record<StatusIncidentView['status'], string> = {
  investigating: 'Investigating',
  identified: 'Identified',
  monitoring: 'Monitoring',
  resolved: 'Resolved',
  scheduled: 'Scheduled',
  in_progress: 'In progress',
  completed: 'Completed',
};

/** Colours pass 3:1 against the page (bars) and 4.5:1 under white text (badges). */
export const STATUS_STYLE = `<style>
:root{color-scheme:light;--ok:#1a7f37;--degraded:#8a5a00;--partial:#b34700;--major:#c11b28;--maint:#0960c7;--none:#6e7781}
body{font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;max-width:58rem;margin:0 auto;padding:1.5rem 1rem 3rem;color:#1f2328;background:#fff}
h1{font-size:1.6rem;margin:0 0 1rem}h2{font-size:1.25rem;margin:2rem 0 .75rem;border-bottom:1px solid #d0d7de;padding-bottom:.25rem}
h3{font-size:1.05rem;margin:1.25rem 0 .5rem}h4{font-size:1rem;margin:0;font-weight:600}
a{color:#0550ae}
.overall{padding:1rem 1.25rem;border-radius:6px;color:#fff;font-size:1.2rem;font-weight:600;margin:0}
.meta{color:#57606a;font-size:.9rem;margin:.5rem 0 0}
.s-operational{background:var(--ok)}.s-degraded_performance{background:var(--degraded)}.s-partial_outage{background:var(--partial)}
.s-major_outage{background:var(--major)}.s-under_maintenance{background:var(--maint)}.s-none{background:var(--none)}
.badge{display:inline-block;color:#fff;border-radius:999px;padding:.05rem .6rem;font-size:.85rem;white-space:nowrap}
ul.components{list-style:none;margin:0;padding:0}
li.component{border:1px solid #d0d7de;border-radius:6px;padding:.75rem 1rem;margin:0 0 .75rem}
.head{display:flex;justify-content:space-between;align-items:center;gap:1rem;flex-wrap:wrap}
ol.bars{display:flex;gap:2px;list-style:none;margin:.6rem 0 .25rem;padding:0;height:2rem}
ol.bars li{flex:1 1 0;min-width:2px;border-radius:1px}
ol.bars li.s-none{background:#d0d7de;border:1px solid var(--none);box-sizing:border-box}
.scale{display:flex;justify-content:space-between;color:#57606a;font-size:.8rem;margin:0}
.vh{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
article.incident{border-left:4px solid var(--none);padding:.25rem 0 .25rem 1rem;margin:0 0 1.25rem}
article.incident.open{border-left-color:var(--partial)}article.incident.maintenance{border-left-color:var(--maint)}
article.incident h3{margin:0 0 .25rem}
.updates{list-style:none;margin:.5rem 0 0;padding:0}.updates li{margin:0 0 .5rem}.msg{white-space:pre-line}
.muted{color:#57606a}
dl.legend{display:flex;flex-wrap:wrap;gap:.25rem 1.25rem;margin:0}dl.legend div{display:flex;align-items:center;gap:.4rem}
dl.legend dt{width:.9rem;height:.9rem;border-radius:2px}dl.legend dd{margin:0}
footer{margin-top:2.5rem;color:#57606a;font-size:.9rem}
</style>`;

const cls = (s: ComponentStatus | null) => (s ? `s-${s}` : 's-none');
const when = (iso: string) => `<time datetime="${esc(iso)}">${esc(iso.slice(0, 16).replace('T', ' '))} UTC</time>`;
const pct = (n: number) => `${n.toFixed(2).replace(/\.?0+$/, '')} %`;

function bar(d: StatusComponentView['days'][number]): string {
  const text = d.status ? `${d.day}: ${LABEL[d.status]}${d.uptime !== null ? `, ${pct(d.uptime)} uptime` : ''}` : `${d.day}: no data`;
  return `<li class="${cls(d.status)}" title="${esc(text)}"><span class="vh">${esc(text)}</span></li>`;
}

function component(c: StatusComponentView): string {
  const state = c.status ? LABEL[c.status] : 'No recent data';
  return `<li class="component">
<div class="head"><h4>${esc(c.name)}</h4><span class="badge ${cls(c.status)}">${esc(state)}</span></div>
<ol class="bars" aria-label="${esc(c.name)}: the last 90 days, oldest first">${c.days.map(bar).join('')}</ol>
<p class="scale"><span>90 days ago</span><span>${c.uptime !== null ? `${pct(c.uptime)} uptime` : 'No data yet'}</span><span>Today</span></p>
</li>`;
}

function incident(i: StatusIncidentView): string {
  const open = i.status !== 'resolved' && i.status !== 'completed';
  const window = i.scheduledStartAt && i.scheduledEndAt ? `<p class="muted">Window: ${when(i.scheduledStartAt)} to ${when(i.scheduledEndAt)}</p>` : '';
  const affected = i.components.length ? `<p>Affects: ${i.components.map((c) => `${esc(c.name)} (${esc(LABEL[c.impact].toLowerCase())})`).join(', ')}</p>` : '';
  const updates = i.updates
    .map((u) => `<li><strong>${esc(INCIDENT_STATUS[u.status])}</strong> · ${when(u.createdAt)}<br><span class="msg">${esc(u.message)}</span></li>`)
    .join('');
  return `<article class="incident${open ? ' open' : ''}${i.kind === 'maintenance' ? ' maintenance' : ''}">
<h3>${esc(i.title)}</h3>
<p><span class="badge ${open ? (i.kind === 'maintenance' ? 's-under_maintenance' : 's-partial_outage') : 's-none'}">${esc(INCIDENT_STATUS[i.status])}</span></p>
${window}${affected}<ul class="updates">${updates}</ul>
</article>`;
}

export function renderStatusPage(s: PlatformStatusView, opts: { brand: string }): string {
  const groups = (Object.keys(GROUPS) as ComponentGroup[])
    .map((g) => {
      const list = s.components.filter((c) => c.group === g);
      return list.length ? `<h3>${esc(GROUPS[g])}</h3>\n<ul class="components">${list.map(component).join('\n')}</ul>` : '';
    })
    .join('\n');
  const legend = (Object.keys(LABEL) as ComponentStatus[])
    .map((k) => `<div><dt class="${cls(k)}"><span class="vh">${esc(LABEL[k])} colour</span></dt><dd>${esc(LABEL[k])}</dd></div>`)
    .join('');
  const body = `<header><h1>${esc(opts.brand)} status</h1></header>
<main>
<section aria-labelledby="overall">
<p id="overall" class="overall ${cls(s.status)}">${esc(OVERALL[s.status])}</p>
<p class="meta">Updated ${when(s.updatedAt)}. Current states are judged on the last ${s.windowMinutes} minutes of real traffic and health checks.</p>
</section>
<section aria-labelledby="incidents-h">
<h2 id="incidents-h">Incidents</h2>
${s.incidents.length ? s.incidents.map(incident).join('\n') : '<p class="muted">No incidents in the last 7 days.</p>'}
</section>
<section aria-labelledby="maintenance-h">
<h2 id="maintenance-h">Maintenance</h2>
${s.maintenance.length ? s.maintenance.map(incident).join('\n') : '<p class="muted">No maintenance scheduled, in progress or completed in the last 7 days.</p>'}
</section>
<section aria-labelledby="components-h">
<h2 id="components-h">Components</h2>
${groups}
<h3>Key</h3>
<dl class="legend">${legend}<div><dt class="s-none"><span class="vh">No data colour</span></dt><dd>No data (not known to be up)</dd></div></dl>
</section>
</main>
<footer><p>The same as JSON: <a href="/v1/status">/v1/status</a> (also GraphQL <code>platformStatus</code>). Day bars are UTC days.</p></footer>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${esc(`${OVERALL[s.status]} · ${opts.brand} status`)}</title>
${STATUS_STYLE}
</head>
<body>
${body}
</body>
</html>
`;
}
