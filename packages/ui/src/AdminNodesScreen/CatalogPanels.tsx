import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminCountry, AdminRadiusClient, AdminServer } from '@separ/domain';
import { AdminDataTable, wholePage, type AdminColumn } from '../AdminDataTable';
import {
  ActiveBadge,
  AdminPanel,
  FormActions,
  ProtectionBadge,
  RowActions,
  RowButton,
} from '../AdminLayout/adminParts';
import { AdminCheckbox, AdminSelect, AdminTextArea } from '../AdminField';
import { adminErrorText, AdminNotice, type AdminActionError } from '../AdminNotice';
import { isolate } from '../AdminLayout/numbers';
import { Button } from '../Button';
import { PasswordField, TextField } from '../FormField';
import { useFormat } from '../format';
import type { IconName } from '../icons';
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

/**
 * An add form: the draft, the problems the last check found (kept until the next submit), the
 * submit that checks the draft and adds what it gives, emptying the form once the add succeeded (a
 * rejected promise keeps what was typed), and `bind`, a field's value and change.
 */
export function useAdd<T, Problems extends Partial<Record<keyof T, string>>, Input>(
  initial: T,
  check: (draft: T) => Problems,
  input: (draft: T) => Input,
  onAdd: (input: Input) => AddResult,
  /** A problem in words (the draft says which link form was expected). */
  describe: (problem: string, draft: T) => string,
) {
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Partial<Problems>>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = check(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const result = onAdd(input(draft));
    if (result && typeof result.then === 'function')
      result.then(
        () => setDraft(initial),
        () => undefined,
      );
  };
  const bind = <K extends keyof T>(key: K) => {
    const problem = errors[key];
    return {
      value: draft[key],
      onChange: (value: T[K]) => setDraft({ ...draft, [key]: value }),
      error: problem ? describe(problem, draft) : undefined,
    };
  };
  return { draft, submit, bind };
}

export interface CatalogPanelProps<T> {
  /** The key of its texts under `admin.` (title, caption, empty, error, loading, addTitle, add). */
  texts: 'radius' | 'countries' | 'servers' | 'nodeHosts';
  list: AdminListState<T>;
  onRetry(): void;
  rowKey(row: T): string;
  columns: AdminColumn<T>[];
  emptyIcon: IconName;
  emptyMessage: string;
  /** Between the title and the table (what the list is for, a warning). */
  intro?: ReactNode;
  /** The row's name on its remove button. */
  rowName(row: T): string;
  onRemove(row: T): void;
  /** More buttons of a row, before its remove button (pause, resume). */
  rowActions?(row: T): ReactNode;
  onSubmit(event: FormEvent): void;
  adding?: boolean;
  addError?: AdminActionError | null;
  /** The add form's fields, in a row on wide screens. */
  fields: ReactNode;
  /** Under the row of fields (a check box, a text area). */
  more?: ReactNode;
}

/**
 * A catalogue's two panels: the list answered whole, each row with a remove button, and the form
 * that adds one (its error above the fields).
 */
export function CatalogPanel<T>(props: CatalogPanelProps<T>) {
  const { texts, list, columns, rowName, onRemove, addError } = props;
  const { t } = useTranslation('admin');
  return (
    <Stack>
      <AdminPanel aria-labelledby={`${texts}-title`}>
        <h2 id={`${texts}-title`}>{t(`${texts}.title`)}</h2>
        {props.intro}
        <AdminDataTable
          caption={t(`${texts}.caption`)}
          status={list.status}
          data={list.status === 'ready' ? wholePage(list.items) : null}
          paginated={false}
          onRetry={props.onRetry}
          emptyIcon={props.emptyIcon}
          emptyTitle={t(`${texts}.emptyTitle`)}
          emptyMessage={props.emptyMessage}
          errorTitle={t(`${texts}.error`)}
          loadingLabel={t(`${texts}.loading`)}
          rowKey={props.rowKey}
          columns={[
            ...columns,
            {
              key: 'actions',
              header: t('common.actions'),
              cell: (row) => {
                const remove = (
                  <RowButton
                    label={t('common.remove')}
                    row={rowName(row)}
                    variant="danger"
                    onClick={() => onRemove(row)}
                  />
                );
                return props.rowActions ? (
                  <RowActions>
                    {props.rowActions(row)}
                    {remove}
                  </RowActions>
                ) : (
                  remove
                );
              },
            },
          ]}
        />
      </AdminPanel>
      <AdminPanel aria-labelledby={`${texts}-add-title`}>
        <h2 id={`${texts}-add-title`}>{t(`${texts}.addTitle`)}</h2>
        <Form onSubmit={props.onSubmit} noValidate>
          {addError ? <AdminNotice tone="error">{adminErrorText(addError, t)}</AdminNotice> : null}
          <AddRow>{props.fields}</AddRow>
          {props.more}
          <FormActions>
            <Button type="submit" loading={props.adding}>
              {t(`${texts}.add`)}
            </Button>
          </FormActions>
        </Form>
      </AdminPanel>
    </Stack>
  );
}

/** What each catalogue panel is given besides its list: reload, add (and its state), remove. */
interface CatalogActions<T, Input> {
  onRetry(): void;
  onAdd(input: Input): AddResult;
  adding?: boolean;
  addError?: AdminActionError | null;
  onRemove(row: T): void;
}

export interface RadiusPanelProps extends CatalogActions<AdminRadiusClient, AdminRadiusClientInput> {
  clients: AdminListState<AdminRadiusClient>;
  /** The server's warning about the client just added (e.g. no Message-Authenticator). */
  warning?: string | null;
}

/** The ocserv servers allowed to ask the RADIUS server. */
export function RadiusPanel({ clients, warning, onAdd, ...actions }: RadiusPanelProps) {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const { draft, submit, bind } = useAdd(
    { ip: '', secret: '', name: '', requireMessageAuthenticator: true },
    validateRadiusClient,
    (typed) => ({
      ip: typed.ip.trim(),
      secret: typed.secret,
      name: typed.name.trim() || undefined,
      requireMessageAuthenticator: typed.requireMessageAuthenticator,
    }),
    onAdd,
    (problem) => t(`nodes.errors.${problem}`, { min: format.number(RADIUS_SECRET_MIN) }),
  );
  return (
    <CatalogPanel
      texts="radius"
      list={clients}
      {...actions}
      emptyIcon="server"
      emptyMessage={t('radius.emptyMessage')}
      intro={
        <>
          <p>{t('radius.subtitle')}</p>
          {warning ? <AdminNotice tone="warning">{warning}</AdminNotice> : null}
        </>
      }
      rowKey={(client) => String(client.id)}
      columns={[
        { key: 'name', header: t('radius.columns.name'), cell: (client) => client.name || '—' },
        { key: 'ip', header: t('radius.columns.ip'), cell: (client) => <Ltr>{client.ip}</Ltr> },
        {
          key: 'auth',
          header: t('radius.columns.messageAuthenticator'),
          cell: ({ requireMessageAuthenticator: on }) => (
            <ProtectionBadge on={on}>{t(on ? 'radius.required' : 'radius.notRequired')}</ProtectionBadge>
          ),
        },
        { key: 'created', header: t('radius.columns.created'), cell: (client) => format.date(client.createdAt) },
      ]}
      rowName={(client) => client.name || client.ip}
      onSubmit={submit}
      fields={
        <>
          <TextField label={t('radius.fields.ip')} hint={t('radius.hints.ip')} {...bind('ip')} dir="ltr" required />
          <PasswordField
            label={t('radius.fields.secret')}
            hint={t('radius.hints.secret', { min: format.number(RADIUS_SECRET_MIN) })}
            {...bind('secret')}
            autoComplete="off"
            required
          />
          <TextField label={`${t('radius.fields.name')} (${t('common.optional')})`} {...bind('name')} dir="ltr" />
        </>
      }
      more={
        <AdminCheckbox
          label={t('radius.fields.requireMessageAuthenticator')}
          hint={t('radius.hints.requireMessageAuthenticator')}
          checked={draft.requireMessageAuthenticator}
          onChange={bind('requireMessageAuthenticator').onChange}
        />
      }
    />
  );
}

export interface CountriesPanelProps extends CatalogActions<AdminCountry, AdminCountry> {
  countries: AdminListState<AdminCountry>;
}

/** The countries nodes and servers are placed in. */
export function CountriesPanel({ countries, onAdd, ...actions }: CountriesPanelProps) {
  const { t } = useTranslation('admin');
  const { submit, bind } = useAdd(
    { code: '', title: '', titleFa: '' },
    (typed) => validateCountry(typed, countries.items),
    (typed) => ({ code: typed.code.trim().toUpperCase(), title: typed.title.trim(), titleFa: typed.titleFa.trim() }),
    onAdd,
    (problem) => t(`nodes.errors.${problem}`),
  );
  return (
    <CatalogPanel
      texts="countries"
      list={countries}
      {...actions}
      emptyIcon="globe"
      emptyMessage={t('countries.emptyMessage')}
      rowKey={(country) => country.code}
      columns={[
        { key: 'code', header: t('countries.columns.code'), cell: (country) => <Ltr>{country.code}</Ltr> },
        { key: 'titleFa', header: t('countries.columns.titleFa'), cell: (country) => country.titleFa },
        { key: 'title', header: t('countries.columns.title'), cell: (country) => country.title },
      ]}
      rowName={(country) => country.code}
      onSubmit={submit}
      fields={
        <>
          <TextField
            label={t('countries.fields.code')}
            hint={t('countries.hints.code')}
            {...bind('code')}
            dir="ltr"
            maxLength={2}
            autoCapitalize="characters"
            required
          />
          <TextField label={t('countries.fields.titleFa')} {...bind('titleFa')} dir="rtl" lang="fa" required />
          <TextField label={t('countries.fields.title')} {...bind('title')} dir="ltr" lang="en" required />
        </>
      }
    />
  );
}

export interface ServersPanelProps extends CatalogActions<AdminServer, AdminServerInput> {
  servers: AdminListState<AdminServer>;
  countries: AdminCountry[];
}

/** The hand-written server templates (`xxx` in a link becomes the account's username-password). */
export function ServersPanel({ servers, countries, onAdd, ...actions }: ServersPanelProps) {
  const { t, i18n } = useTranslation('admin');
  const format = useFormat();
  const { draft, submit, bind } = useAdd(
    { title: '', type: 2 as 1 | 2, country: '', links: '' },
    validateServer,
    (typed) => ({
      title: typed.title.trim(),
      type: typed.type,
      country: typed.country,
      links: splitLinks(typed.links),
    }),
    onAdd,
    (problem, typed) =>
      t(`nodes.errors.${problem === 'link' ? `link${typed.type}` : problem}`, {
        example: isolate(LINK_EXAMPLES[typed.type]),
        schemes: isolate('vless:// vmess:// trojan:// ss://'),
      }),
  );
  const countryName = (code: string) => {
    const country = countries.find((item) => item.code === code);
    if (!country) return code;
    return i18n.language === 'en' ? country.title : country.titleFa;
  };
  return (
    <CatalogPanel
      texts="servers"
      list={servers}
      {...actions}
      emptyIcon="link"
      emptyMessage={t('servers.emptyMessage', { app: 'V2bX' })}
      intro={<p>{t('servers.subtitle')}</p>}
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
          cell: (server) => <ActiveBadge active={server.active} />,
        },
      ]}
      rowName={(server) => server.title}
      onSubmit={submit}
      fields={
        <>
          <TextField label={t('servers.fields.title')} {...bind('title')} required />
          <AdminSelect
            label={t('servers.fields.type')}
            value={String(draft.type) as '1' | '2'}
            onChange={(type) => bind('type').onChange(type === '1' ? 1 : 2)}
            options={[
              { value: '2', label: SERVER_TYPE_LABELS[2] },
              { value: '1', label: SERVER_TYPE_LABELS[1] },
            ]}
          />
          <AdminSelect
            label={t('servers.fields.country')}
            {...bind('country')}
            required
            options={[
              { value: '', label: t('servers.chooseCountry') },
              ...countries.map((country) => ({ value: country.code, label: countryName(country.code) })),
            ]}
          />
        </>
      }
      more={
        <AdminTextArea
          label={t('servers.fields.links')}
          hint={t(draft.type === 2 ? 'servers.hints.linksV2ray' : 'servers.hints.linksOpenconnect', {
            example: isolate(LINK_EXAMPLES[draft.type]),
          })}
          {...bind('links')}
          dir="ltr"
          spellCheck={false}
          required
        />
      }
    />
  );
}
