import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FRAGMENT_BOUNDS, FRAGMENT_EXAMPLES, type FragmentField, type ShopSettings } from '@separ/domain';
import { useDraftForm } from '../AdminForm';
import { AdminPanel, FormGrid } from '../AdminLayout/adminParts';
import { AdminCheckbox } from '../AdminField';
import { adminErrorText, AdminNotice, type AdminActionError } from '../AdminNotice';
import { AdminPageHeader } from '../AdminPageHeader';
import { isolate } from '../AdminLayout/numbers';
import { Button } from '../Button';
import { ErrorView } from '../ErrorView';
import { TextField } from '../FormField';
import { useFormat } from '../format';
import { VisuallyHidden } from '../Layout';
import { Skeleton } from '../Skeleton';
import { Form, SaveBar, Skeletons } from './AdminSettingsScreen.styles';
import {
  REQUIRED_URL_FIELDS,
  settingsDraft,
  SHOP_NAME_MAX,
  TOPUP_BOUND,
  validateSettings,
  type SettingsAmountField,
  type SettingsField,
  type SettingsUrlField,
} from './settingsForm';

/** The scheme every address starts with: the same in both languages. */
const URL_PLACEHOLDER = 'https://';

export interface AdminSettingsScreenProps {
  status: 'loading' | 'error' | 'ready';
  settings?: ShopSettings;
  onRetry(): void;
  retrying?: boolean;
  /** Checked settings (PUT /api/admin/settings). */
  onSave(settings: ShopSettings): void;
  saving?: boolean;
  saveError?: AdminActionError | null;
  /** The last save succeeded: the form says so until it is changed again. */
  saved?: boolean;
}

/**
 * The shop's settings an operator changes without a rebuild: its name, links, app downloads, free
 * accounts, the wallet, and delivery under blocking (fragment, mux, Iran-direct).
 */
export function AdminSettingsScreen({
  status,
  settings,
  onRetry,
  retrying,
  onSave,
  saving = false,
  saveError,
  saved = false,
}: AdminSettingsScreenProps) {
  const { t } = useTranslation('admin');
  let content;
  if (status === 'loading')
    content = (
      <Skeletons aria-busy="true">
        <VisuallyHidden role="status">{t('settings.loading')}</VisuallyHidden>
        {[2, 4, 2, 3].map((fields, index) => (
          <AdminPanel key={index} aria-hidden="true">
            <Skeleton $height="22px" $width="30%" />
            {Array.from({ length: fields }, (_, field) => (
              <Skeleton key={field} $height="48px" />
            ))}
          </AdminPanel>
        ))}
      </Skeletons>
    );
  else if (status === 'error' || !settings)
    content = (
      <AdminPanel>
        <ErrorView
          title={t('settings.errorTitle')}
          message={t('settings.errorMessage')}
          retryLabel={t('common.retry')}
          onRetry={onRetry}
          retrying={retrying}
        />
      </AdminPanel>
    );
  else
    content = (
      <SettingsForm settings={settings} onSave={onSave} saving={saving} saveError={saveError ?? null} saved={saved} />
    );
  return (
    <>
      <AdminPageHeader title={t('settings.title')} subtitle={t('settings.subtitle')} />
      {content}
    </>
  );
}

function SettingsForm({
  settings,
  onSave,
  saving,
  saveError,
  saved,
}: {
  settings: ShopSettings;
  onSave(settings: ShopSettings): void;
  saving: boolean;
  saveError: AdminActionError | null;
  saved: boolean;
}) {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const [edited, setEdited] = useState(false);
  const { draft, set, errors, submit, invalid } = useDraftForm({
    initial: () => settingsDraft(settings, (value) => format.number(value)),
    check: validateSettings,
    save: (checked: ShopSettings) => {
      setEdited(false);
      onSave(checked);
    },
    onEdit: () => setEdited(true),
  });
  const error = (field: SettingsField) =>
    errors[field]
      ? t(`settings.errors.${errors[field]}`, {
          max: format.number(errors[field] === 'amount' ? TOPUP_BOUND.max : SHOP_NAME_MAX),
          min: format.number(TOPUP_BOUND.min),
          scheme: isolate(URL_PLACEHOLDER),
        })
      : undefined;
  /** A fragment value in Xray's syntax (CONTRACTS §14): typed as Xray reads it, left to right. */
  const fragmentError = (field: FragmentField) => {
    const problem = errors[field];
    if (!problem) return undefined;
    if (problem !== 'fragment') return t(`settings.errors.${problem}`);
    return t(field === 'fragmentPackets' ? 'settings.errors.fragmentPackets' : 'settings.errors.fragment', {
      example: isolate(FRAGMENT_EXAMPLES[field]),
      min: format.number(FRAGMENT_BOUNDS[field].min),
      max: format.number(FRAGMENT_BOUNDS[field].max),
    });
  };
  const fragment = (field: FragmentField) => (
    <TextField
      label={`${t(`settings.fields.${field}`)} (${t('common.optional')})`}
      hint={t(`settings.hints.${field}`, { example: isolate(FRAGMENT_EXAMPLES[field]) })}
      value={draft[field]}
      onChange={(value) => set(field, value)}
      error={fragmentError(field)}
      dir="ltr"
      autoCapitalize="off"
      spellCheck={false}
      placeholder={field === 'fragmentPackets' ? 'tlshello' : FRAGMENT_EXAMPLES[field]}
    />
  );
  /** A top-up bound, whole tomans. */
  const amount = (field: SettingsAmountField) => (
    <TextField
      label={t(`settings.fields.${field}`)}
      hint={t(`settings.hints.${field}`)}
      value={draft[field]}
      onChange={(value) => set(field, value)}
      error={error(field)}
      inputMode="numeric"
      dir="ltr"
      required
    />
  );
  const url = (field: SettingsUrlField) => (
    <TextField
      label={
        REQUIRED_URL_FIELDS.has(field)
          ? t(`settings.fields.${field}`)
          : `${t(`settings.fields.${field}`)} (${t('common.optional')})`
      }
      hint={t(`settings.hints.${field}`)}
      value={draft[field]}
      onChange={(value) => set(field, value)}
      error={error(field)}
      type="url"
      inputMode="url"
      dir="ltr"
      autoCapitalize="off"
      spellCheck={false}
      placeholder={URL_PLACEHOLDER}
      required={REQUIRED_URL_FIELDS.has(field)}
    />
  );
  return (
    <Form onSubmit={submit} noValidate>
      {invalid ? <AdminNotice tone="error">{t('settings.errors.summary')}</AdminNotice> : null}
      <AdminPanel aria-labelledby="settings-shop">
        <h2 id="settings-shop">{t('settings.groups.shop')}</h2>
        <FormGrid>
          <TextField
            label={t('settings.fields.shopName')}
            hint={t('settings.hints.shopName')}
            value={draft.shopName}
            onChange={(value) => set('shopName', value)}
            error={error('shopName')}
            required
          />
        </FormGrid>
      </AdminPanel>
      <AdminPanel aria-labelledby="settings-links">
        <h2 id="settings-links">{t('settings.groups.links')}</h2>
        <FormGrid>
          {url('supportChatUrl')}
          {url('channelUrl')}
          {url('socialUrl')}
          {url('botUrl')}
        </FormGrid>
      </AdminPanel>
      <AdminPanel aria-labelledby="settings-apps">
        <h2 id="settings-apps">{t('settings.groups.apps')}</h2>
        <FormGrid>
          {url('androidAppUrl')}
          {url('windowsAppUrl')}
        </FormGrid>
      </AdminPanel>
      <AdminPanel aria-labelledby="settings-free">
        <h2 id="settings-free">{t('settings.groups.free')}</h2>
        <AdminCheckbox
          label={t('settings.fields.freeEnabled')}
          hint={t('settings.hints.freeEnabled')}
          checked={draft.freeEnabled}
          onChange={(value) => set('freeEnabled', value)}
        />
      </AdminPanel>
      <AdminPanel aria-labelledby="settings-wallet">
        <h2 id="settings-wallet">{t('settings.groups.wallet')}</h2>
        <AdminCheckbox
          label={t('settings.fields.walletEnabled')}
          hint={t('settings.hints.walletEnabled')}
          checked={draft.walletEnabled}
          onChange={(value) => set('walletEnabled', value)}
        />
        <FormGrid>
          {amount('walletMinTopup')}
          {amount('walletMaxTopup')}
        </FormGrid>
      </AdminPanel>
      <AdminPanel aria-labelledby="settings-delivery">
        <h2 id="settings-delivery">{t('settings.groups.delivery')}</h2>
        <FormGrid>
          {fragment('fragmentPackets')}
          {fragment('fragmentLength')}
          {fragment('fragmentInterval')}
        </FormGrid>
        <AdminCheckbox
          label={t('settings.fields.muxEnabled')}
          hint={t('settings.hints.muxEnabled')}
          checked={draft.muxEnabled}
          onChange={(value) => set('muxEnabled', value)}
        />
        <AdminCheckbox
          label={t('settings.fields.iranDirect')}
          hint={t('settings.hints.iranDirect', { tld: isolate('.ir') })}
          checked={draft.iranDirect}
          onChange={(value) => set('iranDirect', value)}
        />
      </AdminPanel>
      {saveError ? <AdminNotice tone="error">{adminErrorText(saveError, t)}</AdminNotice> : null}
      <SaveBar>
        <Button type="submit" icon="check" loading={saving}>
          {saving ? t('common.saving') : t('settings.save')}
        </Button>
        {saved && !edited && !saving && !saveError ? (
          <AdminNotice tone="success">{t('settings.saved')}</AdminNotice>
        ) : null}
      </SaveBar>
    </Form>
  );
}
