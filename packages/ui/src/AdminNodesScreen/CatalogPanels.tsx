import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminCountry, AdminRadiusClient, AdminServer } from '@separ/domain';
import { AdminDataTable, wholePage, type AdminColumn } from '../AdminDataTable';
import { AdminPanel, FormActions } from '../AdminLayout/adminParts';
import { AdminCheckbox, AdminSelect, AdminTextArea } from '../AdminField';
import { adminErrorText, AdminNotice, type AdminActionError } from '../AdminNotice';
import { isolate } from '../AdminLayout/numbers';
import { Badge } from '../Badge';
import { Button } from '../Button';
import { PasswordField, TextField } from '../FormField';
import { useFormat } from '../format';
import { Ltr } from '../Layout';
import { AddRow, Form, Stack } from './AdminNodesScreen.styles';
import {
  RADIUS_SECRET_MIN,
  splitLinks,
  validateCountry,
  validateRadiusClient,
  validateServer,
  type AdminRadiusClientInput,
  type AdminServerInput,
} from './nodeForm';

/** Technical names, the same in every language. */
const SERVER_TYPE_LABELS = { 1: 'OpenConnect', 2: 'V2Ray' } as const;

const LINK_EXAMPLES = { 1: 'host.example.com:443', 2: 'vless://xxx@host:443#DE-1' } as const;

/** A list the screen shows, as the container has it. */
export interface AdminListState<T> {
  status: 'loading' | 'error' | 'ready';
  items: T[];
}

/** What an add form's callback may answer: a promise that settles when the server did, so that the form empties. */
export type AddResult = void | Promise<unknown>;

/** Runs an add and empties the form once it succeeded (a rejected promise keeps what was typed). */
function useAdd<T>(initial: T) {
  const [draft, setDraft] = useState(initial);
  const submit = (result: AddResult) => {
    if (result && typeof result.then === 'function')
      result.then(
        () => setDraft(initial),
        () => undefined,
      );
  };
  return [draft, setDraft, submit] as const;
}

/** A list answered whole, for the table: its rows once they are here. */
function pageOf<T>(list: AdminListState<T>) {
  return list.status === 'ready' ? wholePage(list.items) : null;
}

/** The last column of a catalogue's table: a remove button named after its row. */
function removeColumn<T>(
  t: (key: string) => string,
  name: (row: T) => string,
  onRemove: (row: T) => void,
): AdminColumn<T> {
  return {
    key: 'actions',
    header: t('common.actions'),
    cell: (row) => (
      <Button
        size="sm"
        variant="danger"
        onClick={() => onRemove(row)}
        aria-label={`${t('common.remove')}: ${name(row)}`}
      >
        {t('common.remove')}
      </Button>
    ),
  };
}

export interface RadiusPanelProps {
  clients: AdminListState<AdminRadiusClient>;
  onRetry(): void;
  onAdd(input: AdminRadiusClientInput): AddResult;
  adding?: boolean;
  addError?: AdminActionError | null;
  /** The server's warning about the client just added (e.g. no Message-Authenticator). */
  warning?: string | null;
  onRemove(client: AdminRadiusClient): void;
}

/** The ocserv servers allowed to ask the RADIUS server. */
export function RadiusPanel({ clients, onRetry, onAdd, adding, addError, warning, onRemove }: RadiusPanelProps) {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const [draft, setDraft, afterAdd] = useAdd({ ip: '', secret: '', name: '', requireMessageAuthenticator: true });
  const [errors, setErrors] = useState<ReturnType<typeof validateRadiusClient>>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateRadiusClient(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    afterAdd(
      onAdd({
        ip: draft.ip.trim(),
        secret: draft.secret,
        name: draft.name.trim() || undefined,
        requireMessageAuthenticator: draft.requireMessageAuthenticator,
      }),
    );
  };
  const error = (field: keyof typeof errors) =>
    errors[field] ? t(`nodes.errors.${errors[field]}`, { min: format.number(RADIUS_SECRET_MIN) }) : undefined;
  return (
    <Stack>
      <AdminPanel aria-labelledby="radius-title">
        <h2 id="radius-title">{t('radius.title')}</h2>
        <p>{t('radius.subtitle')}</p>
        {warning ? <AdminNotice tone="warning">{warning}</AdminNotice> : null}
        <AdminDataTable
          caption={t('radius.caption')}
          status={clients.status}
          data={pageOf(clients)}
          paginated={false}
          onRetry={onRetry}
          emptyIcon="server"
          emptyTitle={t('radius.emptyTitle')}
          emptyMessage={t('radius.emptyMessage')}
          errorTitle={t('radius.error')}
          loadingLabel={t('radius.loading')}
          rowKey={(client) => String(client.id)}
          columns={[
            { key: 'name', header: t('radius.columns.name'), cell: (client) => client.name || '—' },
            { key: 'ip', header: t('radius.columns.ip'), cell: (client) => <Ltr>{client.ip}</Ltr> },
            {
              key: 'auth',
              header: t('radius.columns.messageAuthenticator'),
              cell: (client) =>
                client.requireMessageAuthenticator ? (
                  <Badge tone="success" icon="shieldCheck">
                    {t('radius.required')}
                  </Badge>
                ) : (
                  <Badge tone="warning" icon="alert">
                    {t('radius.notRequired')}
                  </Badge>
                ),
            },
            { key: 'created', header: t('radius.columns.created'), cell: (client) => format.date(client.createdAt) },
            removeColumn(t, (client) => client.name || client.ip, onRemove),
          ]}
        />
      </AdminPanel>
      <AdminPanel aria-labelledby="radius-add-title">
        <h2 id="radius-add-title">{t('radius.addTitle')}</h2>
        <Form onSubmit={submit} noValidate>
          {addError ? <AdminNotice tone="error">{adminErrorText(addError, t)}</AdminNotice> : null}
          <AddRow>
            <TextField
              label={t('radius.fields.ip')}
              hint={t('radius.hints.ip')}
              value={draft.ip}
              onChange={(ip) => setDraft({ ...draft, ip })}
              error={error('ip')}
              dir="ltr"
              required
            />
            <PasswordField
              label={t('radius.fields.secret')}
              hint={t('radius.hints.secret', { min: format.number(RADIUS_SECRET_MIN) })}
              value={draft.secret}
              onChange={(secret) => setDraft({ ...draft, secret })}
              error={error('secret')}
              autoComplete="off"
              required
            />
            <TextField
              label={`${t('radius.fields.name')} (${t('common.optional')})`}
              value={draft.name}
              onChange={(name) => setDraft({ ...draft, name })}
              error={error('name')}
              dir="ltr"
            />
          </AddRow>
          <AdminCheckbox
            label={t('radius.fields.requireMessageAuthenticator')}
            hint={t('radius.hints.requireMessageAuthenticator')}
            checked={draft.requireMessageAuthenticator}
            onChange={(requireMessageAuthenticator) => setDraft({ ...draft, requireMessageAuthenticator })}
          />
          <FormActions>
            <Button type="submit" loading={adding}>
              {t('radius.add')}
            </Button>
          </FormActions>
        </Form>
      </AdminPanel>
    </Stack>
  );
}

export interface CountriesPanelProps {
  countries: AdminListState<AdminCountry>;
  onRetry(): void;
  onAdd(country: AdminCountry): AddResult;
  adding?: boolean;
  addError?: AdminActionError | null;
  onRemove(country: AdminCountry): void;
}

/** The countries nodes and servers are placed in. */
export function CountriesPanel({ countries, onRetry, onAdd, adding, addError, onRemove }: CountriesPanelProps) {
  const { t } = useTranslation('admin');
  const [draft, setDraft, afterAdd] = useAdd<AdminCountry>({ code: '', title: '', titleFa: '' });
  const [errors, setErrors] = useState<ReturnType<typeof validateCountry>>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateCountry(draft, countries.items);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    afterAdd(
      onAdd({ code: draft.code.trim().toUpperCase(), title: draft.title.trim(), titleFa: draft.titleFa.trim() }),
    );
  };
  const error = (field: keyof AdminCountry) => (errors[field] ? t(`nodes.errors.${errors[field]}`) : undefined);
  return (
    <Stack>
      <AdminPanel aria-labelledby="countries-title">
        <h2 id="countries-title">{t('countries.title')}</h2>
        <AdminDataTable
          caption={t('countries.caption')}
          status={countries.status}
          data={pageOf(countries)}
          paginated={false}
          onRetry={onRetry}
          emptyIcon="globe"
          emptyTitle={t('countries.emptyTitle')}
          emptyMessage={t('countries.emptyMessage')}
          errorTitle={t('countries.error')}
          loadingLabel={t('countries.loading')}
          rowKey={(country) => country.code}
          columns={[
            { key: 'code', header: t('countries.columns.code'), cell: (country) => <Ltr>{country.code}</Ltr> },
            { key: 'titleFa', header: t('countries.columns.titleFa'), cell: (country) => country.titleFa },
            { key: 'title', header: t('countries.columns.title'), cell: (country) => country.title },
            removeColumn(t, (country) => country.code, onRemove),
          ]}
        />
      </AdminPanel>
      <AdminPanel aria-labelledby="countries-add-title">
        <h2 id="countries-add-title">{t('countries.addTitle')}</h2>
        <Form onSubmit={submit} noValidate>
          {addError ? <AdminNotice tone="error">{adminErrorText(addError, t)}</AdminNotice> : null}
          <AddRow>
            <TextField
              label={t('countries.fields.code')}
              hint={t('countries.hints.code')}
              value={draft.code}
              onChange={(code) => setDraft({ ...draft, code })}
              error={error('code')}
              dir="ltr"
              maxLength={2}
              autoCapitalize="characters"
              required
            />
            <TextField
              label={t('countries.fields.titleFa')}
              value={draft.titleFa}
              onChange={(titleFa) => setDraft({ ...draft, titleFa })}
              error={error('titleFa')}
              dir="rtl"
              lang="fa"
              required
            />
            <TextField
              label={t('countries.fields.title')}
              value={draft.title}
              onChange={(title) => setDraft({ ...draft, title })}
              error={error('title')}
              dir="ltr"
              lang="en"
              required
            />
          </AddRow>
          <FormActions>
            <Button type="submit" loading={adding}>
              {t('countries.add')}
            </Button>
          </FormActions>
        </Form>
      </AdminPanel>
    </Stack>
  );
}

export interface ServersPanelProps {
  servers: AdminListState<AdminServer>;
  countries: AdminCountry[];
  onRetry(): void;
  onAdd(server: AdminServerInput): AddResult;
  adding?: boolean;
  addError?: AdminActionError | null;
  onRemove(server: AdminServer): void;
}

/** The hand-written server templates (`xxx` in a link becomes the account's username-password). */
export function ServersPanel({ servers, countries, onRetry, onAdd, adding, addError, onRemove }: ServersPanelProps) {
  const { t, i18n } = useTranslation('admin');
  const format = useFormat();
  const [draft, setDraft, afterAdd] = useAdd<{ title: string; type: 1 | 2; country: string; links: string }>({
    title: '',
    type: 2,
    country: '',
    links: '',
  });
  const [errors, setErrors] = useState<ReturnType<typeof validateServer>>({});
  const countryName = (code: string) => {
    const country = countries.find((item) => item.code === code);
    if (!country) return code;
    return i18n.language === 'en' ? country.title : country.titleFa;
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateServer(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    afterAdd(
      onAdd({ title: draft.title.trim(), type: draft.type, country: draft.country, links: splitLinks(draft.links) }),
    );
  };
  const error = (field: keyof typeof errors) =>
    errors[field]
      ? t(`nodes.errors.${errors[field] === 'link' ? `link${draft.type}` : errors[field]}`, {
          example: isolate(LINK_EXAMPLES[draft.type]),
          schemes: isolate('vless:// vmess:// trojan:// ss://'),
        })
      : undefined;
  return (
    <Stack>
      <AdminPanel aria-labelledby="servers-title">
        <h2 id="servers-title">{t('servers.title')}</h2>
        <p>{t('servers.subtitle')}</p>
        <AdminDataTable
          caption={t('servers.caption')}
          status={servers.status}
          data={pageOf(servers)}
          paginated={false}
          onRetry={onRetry}
          emptyIcon="link"
          emptyTitle={t('servers.emptyTitle')}
          emptyMessage={t('servers.emptyMessage', { app: 'V2bX' })}
          errorTitle={t('servers.error')}
          loadingLabel={t('servers.loading')}
          rowKey={(server) => String(server.id)}
          columns={[
            { key: 'title', header: t('servers.columns.title'), cell: (server) => <strong>{server.title}</strong> },
            {
              key: 'type',
              header: t('servers.columns.type'),
              cell: (server) => SERVER_TYPE_LABELS[server.type],
            },
            { key: 'country', header: t('servers.columns.country'), cell: (server) => countryName(server.country) },
            {
              key: 'links',
              header: t('servers.columns.links'),
              cell: (server) =>
                t('servers.linkCount', { count: server.links.length, value: format.number(server.links.length) }),
            },
            {
              key: 'status',
              header: t('servers.columns.status'),
              cell: (server) =>
                server.active ? (
                  <Badge tone="success" icon="check">
                    {t('common.active')}
                  </Badge>
                ) : (
                  <Badge tone="neutral" icon="ban">
                    {t('common.inactive')}
                  </Badge>
                ),
            },
            removeColumn(t, (server) => server.title, onRemove),
          ]}
        />
      </AdminPanel>
      <AdminPanel aria-labelledby="servers-add-title">
        <h2 id="servers-add-title">{t('servers.addTitle')}</h2>
        <Form onSubmit={submit} noValidate>
          {addError ? <AdminNotice tone="error">{adminErrorText(addError, t)}</AdminNotice> : null}
          <AddRow>
            <TextField
              label={t('servers.fields.title')}
              value={draft.title}
              onChange={(title) => setDraft({ ...draft, title })}
              error={error('title')}
              required
            />
            <AdminSelect
              label={t('servers.fields.type')}
              value={String(draft.type) as '1' | '2'}
              onChange={(type) => setDraft({ ...draft, type: type === '1' ? 1 : 2 })}
              options={[
                { value: '2', label: SERVER_TYPE_LABELS[2] },
                { value: '1', label: SERVER_TYPE_LABELS[1] },
              ]}
            />
            <AdminSelect
              label={t('servers.fields.country')}
              value={draft.country}
              onChange={(country) => setDraft({ ...draft, country })}
              error={error('country')}
              required
              options={[
                { value: '', label: t('servers.chooseCountry') },
                ...countries.map((country) => ({ value: country.code, label: countryName(country.code) })),
              ]}
            />
          </AddRow>
          <AdminTextArea
            label={t('servers.fields.links')}
            hint={t(draft.type === 2 ? 'servers.hints.linksV2ray' : 'servers.hints.linksOpenconnect', {
              example: isolate(LINK_EXAMPLES[draft.type]),
            })}
            value={draft.links}
            onChange={(links) => setDraft({ ...draft, links })}
            error={error('links')}
            dir="ltr"
            spellCheck={false}
            required
          />
          <FormActions>
            <Button type="submit" loading={adding}>
              {t('servers.add')}
            </Button>
          </FormActions>
        </Form>
      </AdminPanel>
    </Stack>
  );
}
