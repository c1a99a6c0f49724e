// The admin page (`#/admin`) for the room's operators: the reports waiting, with what can be done
// about each; muting, banning and closing tables; the sanctions in force; the audit log. Every
// act asks why; the server keeps the answer in the audit log.

import { useEffect, useState } from 'preact/hooks';
import type { Client } from '../client';
import type { Key, T } from '../i18n';
import type { AuditEntry, Report, Sanction } from './api';
import './admin.css';
import { moderationApi } from './lineactions';

function when(ms: number, lang: string): string {
  return new Date(ms).toLocaleString(lang === 'de' ? 'de-DE' : 'en-GB', { dateStyle: 'short', timeStyle: 'short' });
}

/** The link to the admin page, shown to operators only. */
export function AdminLink(props: { client: Client; t: T }) {
  const { client } = props;
  const [operator, setOperator] = useState(false);
  const token = client.state.me?.token;
  useEffect(() => {
    if (token) void moderationApi(client).isOperator().then(setOperator);
  }, [token]);
  if (!operator) return null;
  return (
    <a href="#/admin" class="adminlink" data-testid="admin-link">
      {props.t('admin.link')}
    </a>
  );
}

/** What `said` holds after an act that worked (shown in the page's language). */
const DONE = '';

interface Data {
  reports: Report[];
  sanctions: Sanction[];
  audit: AuditEntry[];
}

export function AdminPage(props: { client: Client; t: T }) {
  const { client, t } = props;
  const api = moderationApi(client);
  const [data, setData] = useState<Data | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  const token = client.state.me?.token;
  const load = async () => {
    try {
      const [reports, sanctions, audit] = await Promise.all([api.reports(), api.sanctions(), api.audit()]);
      setData({ reports, sanctions, audit });
      setRefused(null);
    } catch (e) {
      setRefused((e as Error).message);
    }
  };
  useEffect(() => {
    if (token) void load();
  }, [token, client.lang]);
  const act = async (f: () => Promise<unknown>) => {
    try {
      await f();
      setSaid(DONE);
    } catch (e) {
      setSaid((e as Error).message);
    }
    await load();
  };
  if (refused && !data)
    return (
      <main class="admin" data-testid="admin">
        <h2>{t('admin.title')}</h2>
        <p data-testid="admin-refused">{t('admin.notOperator')}</p>
      </main>
    );
  if (!data)
    return (
      <main class="admin" data-testid="admin">
        <p>{t('admin.loading')}</p>
      </main>
    );
  return (
    <main class="admin" data-testid="admin">
      <div class="adminhead">
        <h2>{t('admin.title')}</h2>
        <button type="button" onClick={() => void load()}>
          {t('admin.refresh')}
        </button>
        {said !== null && (
          <span class="muted" data-testid="admin-said" role="status">
            {said === DONE ? t('admin.done') : said}
          </span>
        )}
      </div>
      <section class="panel" data-testid="admin-reports">
        <h3>{t('admin.reports')}</h3>
        {data.reports.length === 0 && <p class="muted">{t('admin.noReports')}</p>}
        {data.reports.map((r) => (
          <ReportCard key={r.id} t={t} report={r} lang={client.lang} act={act} api={api} />
        ))}
      </section>
      <div class="admingrid">
        <ActForm t={t} act={act} api={api} />
        <CloseForm t={t} act={act} api={api} />
      </div>
      <section class="panel" data-testid="admin-sanctions">
        <h3>{t('admin.sanctions')}</h3>
        {data.sanctions.length === 0 && <p class="muted">{t('admin.noSanctions')}</p>}
        {data.sanctions.map((s) => (
          <SanctionRow key={s.id} t={t} s={s} lang={client.lang} act={act} api={api} />
        ))}
      </section>
      <section class="panel" data-testid="admin-audit">
        <h3>{t('admin.audit')}</h3>
        {data.audit.length === 0 ? (
          <p class="muted">{t('admin.noAudit')}</p>
        ) : (
          <div class="scrollx">
            <table class="audit">
              <thead>
                <tr>
                  <th>{t('admin.when')}</th>
                  <th>{t('admin.operator')}</th>
                  <th>{t('admin.action')}</th>
                  <th>{t('admin.target')}</th>
                  <th>{t('admin.reason')}</th>
                </tr>
              </thead>
              <tbody>
                {data.audit.map((e) => (
                  <tr key={e.id} data-testid="audit-row" data-action={e.action}>
                    <td>{when(e.at_ms, client.lang)}</td>
                    <td>{e.operator_name || e.operator}</td>
                    <td>{t(`admin.action.${e.action}` as Key)}</td>
                    <td>{e.target_name ?? e.target}</td>
                    <td>{e.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </main>
  );
}

type Act = (f: () => Promise<unknown>) => Promise<void>;
type Api = ReturnType<typeof moderationApi>;

function ReportCard(props: { t: T; report: Report; lang: string; act: Act; api: Api }) {
  const { t, report: r, act, api } = props;
  const [why, setWhy] = useState(r.reason);
  return (
    <div class="report" data-testid="report" data-report={r.id}>
      <div>
        <b>{t('admin.reportedBy', { reporter: r.reporter_name || r.reporter, player: r.player_name || r.player })}</b>{' '}
        <span class="muted small">{when(r.at_ms, props.lang)}</span>
      </div>
      {r.text !== undefined && r.table !== undefined && (
        <div>
          <span class="muted">{t('admin.reportedLine', { table: r.table })}</span>
          <blockquote data-testid="report-text">{r.text}</blockquote>
        </div>
      )}
      <div>
        <span class="muted">{t('admin.reason')}:</span> {r.reason}
      </div>
      <label class="why">
        {t('admin.why')}
        <input value={why} maxLength={500} data-testid="report-why" onInput={(e) => setWhy((e.target as HTMLInputElement).value)} />
      </label>
      <div class="buttons">
        {r.table !== undefined && r.line !== undefined && (
          <button type="button" data-testid="report-remove-line" onClick={() => act(() => api.removeLine(r.table!, r.line!, why))}>
            {t('admin.removeLine')}
          </button>
        )}
        <button type="button" data-testid="report-mute" onClick={() => act(() => api.impose(r.player, 'mute', why, 60))}>
          {t('admin.mute1h')}
        </button>
        <button type="button" data-testid="report-ban" onClick={() => act(() => api.impose(r.player, 'ban', why))}>
          {t('admin.ban')}
        </button>
        <button type="button" class="primary" data-testid="report-resolve" onClick={() => act(() => api.handleReport(r.id, true, why))}>
          {t('admin.resolve')}
        </button>
        <button type="button" data-testid="report-dismiss" onClick={() => act(() => api.handleReport(r.id, false, why))}>
          {t('admin.dismiss')}
        </button>
      </div>
    </div>
  );
}

function ActForm(props: { t: T; act: Act; api: Api }) {
  const { t, act, api } = props;
  const [player, setPlayer] = useState('');
  const [kind, setKind] = useState<'mute' | 'ban'>('mute');
  const [minutes, setMinutes] = useState('');
  const [why, setWhy] = useState('');
  return (
    <form
      class="panel"
      data-testid="admin-act"
      onSubmit={(e) => {
        e.preventDefault();
        void act(() => api.impose(player, kind, why, minutes ? Number(minutes) : undefined));
      }}
    >
      <h3>{t('admin.act')}</h3>
      <label>
        {t('admin.player')}
        <input value={player} required data-testid="act-player" onInput={(e) => setPlayer((e.target as HTMLInputElement).value)} />
      </label>
      <label>
        {t('admin.kind')}
        <select value={kind} data-testid="act-kind" onChange={(e) => setKind((e.target as HTMLSelectElement).value as 'mute' | 'ban')}>
          <option value="mute">{t('admin.kind.mute')}</option>
          <option value="ban">{t('admin.kind.ban')}</option>
        </select>
      </label>
      <label>
        {t('admin.minutes')}
        <input type="number" min={1} value={minutes} data-testid="act-minutes" onInput={(e) => setMinutes((e.target as HTMLInputElement).value)} />
      </label>
      <label>
        {t('admin.why')}
        <input value={why} required maxLength={500} data-testid="act-why" onInput={(e) => setWhy((e.target as HTMLInputElement).value)} />
      </label>
      <button type="submit" class="primary" data-testid="act-apply">
        {t('admin.apply')}
      </button>
    </form>
  );
}

function CloseForm(props: { t: T; act: Act; api: Api }) {
  const { t, act, api } = props;
  const [table, setTable] = useState('');
  const [why, setWhy] = useState('');
  return (
    <form
      class="panel"
      data-testid="admin-close"
      onSubmit={(e) => {
        e.preventDefault();
        void act(() => api.closeTable(Number(table), why));
      }}
    >
      <h3>{t('admin.closeTable')}</h3>
      <label>
        {t('admin.table')}
        <input type="number" min={1} value={table} required data-testid="close-table" onInput={(e) => setTable((e.target as HTMLInputElement).value)} />
      </label>
      <label>
        {t('admin.why')}
        <input value={why} required maxLength={500} data-testid="close-why" onInput={(e) => setWhy((e.target as HTMLInputElement).value)} />
      </label>
      <button type="submit" data-testid="close-apply">
        {t('admin.close')}
      </button>
    </form>
  );
}

function SanctionRow(props: { t: T; s: Sanction; lang: string; act: Act; api: Api }) {
  const { t, s, act, api } = props;
  const [why, setWhy] = useState('');
  return (
    <div class="sanction" data-testid="sanction" data-kind={s.kind}>
      <div>
        <b>{s.name || s.player}</b> — {t(s.kind === 'mute' ? 'admin.kind.mute' : 'admin.kind.ban')},{' '}
        {s.until_ms ? t('admin.until', { when: when(s.until_ms, props.lang) }) : t('admin.forever')} · {s.reason}{' '}
        <span class="muted small">{t('admin.by', { name: s.by_name || s.by })}</span>
      </div>
      <form
        class="inline"
        onSubmit={(e) => {
          e.preventDefault();
          void act(() => api.lift(s.id, why));
        }}
      >
        <input value={why} required maxLength={500} aria-label={t('admin.why')} placeholder={t('admin.why')} onInput={(e) => setWhy((e.target as HTMLInputElement).value)} />
        <button type="submit">{t('admin.lift')}</button>
      </form>
    </div>
  );
}
