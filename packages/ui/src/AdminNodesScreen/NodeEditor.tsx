import { useTranslation } from 'react-i18next';
import type { AdminCountry, AdminNode, AdminNodeInput, AdminNodeProtocol } from '@separ/domain';
import { EditorActions, FormProblems, useDraftForm } from '../AdminForm';
import { AdminPanel, FormGrid } from '../AdminLayout/adminParts';
import { AdminCheckbox, AdminSelect } from '../AdminField';
import type { AdminActionError } from '../AdminNotice';
import { isolate } from '../AdminLayout/numbers';
import { PasswordField, TextField } from '../FormField';
import { Fieldset, Form } from './AdminNodesScreen.styles';
import {
  draftFromNode,
  EMPTY_NODE_DRAFT,
  NETWORK_LABELS,
  NETWORKS,
  NODE_PROTOCOLS,
  nodeFieldsShown,
  PROTOCOL_LABELS,
  SECURITIES,
  SECURITY_LABELS,
  SS_CIPHERS,
  validateNodeDraft,
  VLESS_FLOWS,
  withProtocol,
  type NodeDraft,
  type NodeField,
} from './nodeForm';

export interface NodeEditorProps {
  node: AdminNode | null;
  countries: AdminCountry[];
  onSave(input: AdminNodeInput, id: number | null): void;
  onCancel(): void;
  saving: boolean;
  saveError: AdminActionError | null;
}

/** The form of `separ-admin nodes add`: what applies to the chosen protocol, transport and security is shown. */
export function NodeEditor({ node, countries, onSave, onCancel, saving, saveError }: NodeEditorProps) {
  const { t, i18n } = useTranslation('admin');
  const { draft, setDraft, set, errors, submit, invalid } = useDraftForm({
    initial: () => (node ? draftFromNode(node) : EMPTY_NODE_DRAFT),
    check: (typed: NodeDraft) => validateNodeDraft(typed, node !== null),
    save: (input: AdminNodeInput) => onSave(input, node?.id ?? null),
  });
  const shown = nodeFieldsShown(draft);
  const error = (field: NodeField) => (errors[field] ? t(`nodes.errors.${errors[field]}`) : undefined);
  const text = (
    field: NodeField & keyof NodeDraft,
    extra: { hint?: string; numeric?: boolean; required?: boolean } = {},
  ) => (
    <TextField
      label={t(`nodes.fields.${field}`)}
      hint={extra.hint}
      value={draft[field]}
      onChange={(value) => set(field, value)}
      error={error(field)}
      dir="ltr"
      inputMode={extra.numeric ? 'numeric' : undefined}
      autoCapitalize="off"
      spellCheck={false}
      required={extra.required}
    />
  );
  const countryName = (country: AdminCountry) => (i18n.language === 'en' ? country.title : country.titleFa);
  return (
    <AdminPanel aria-labelledby="node-form-title">
      <h2 id="node-form-title">{node ? t('nodes.editTitle', { name: node.name }) : t('nodes.newTitle')}</h2>
      <Form onSubmit={submit} noValidate>
        <FormProblems invalid={invalid} summary={t('nodes.errors.summary')} saveError={saveError} />
        <Fieldset>
          <legend>{t('nodes.groups.address')}</legend>
          <FormGrid>
            {text('name', { hint: t('nodes.hints.name', { example: 'de-fra-1' }), required: true })}
            <AdminSelect<AdminNodeProtocol>
              label={t('nodes.fields.protocol')}
              value={draft.protocol}
              onChange={(value) => setDraft((current) => withProtocol(current, value))}
              options={NODE_PROTOCOLS.map((protocol) => ({ value: protocol, label: PROTOCOL_LABELS[protocol] }))}
            />
            {text('host', { hint: t('nodes.hints.host'), required: true })}
            {text('port', { numeric: true, required: true })}
            <AdminSelect
              label={t('nodes.fields.country')}
              value={draft.country}
              onChange={(value) => set('country', value)}
              options={[
                { value: '', label: t('nodes.noCountry') },
                ...countries.map((country) => ({ value: country.code, label: countryName(country) })),
              ]}
            />
            {text('rate', { hint: t('nodes.hints.rate') })}
          </FormGrid>
        </Fieldset>
        {shown.network || shown.path || shown.serviceName ? (
          <Fieldset>
            <legend>{t('nodes.groups.transport')}</legend>
            <FormGrid>
              {shown.network ? (
                <AdminSelect
                  label={t('nodes.fields.network')}
                  value={draft.network}
                  onChange={(value) => set('network', value)}
                  options={NETWORKS[draft.protocol].map((network) => ({
                    value: network,
                    label: NETWORK_LABELS[network] ?? network,
                  }))}
                />
              ) : null}
              {shown.path
                ? text('path', { hint: t('nodes.hints.path', { slash: '/', example: isolate('/ws') }) })
                : null}
              {shown.transportHost ? (
                <TextField
                  label={t('nodes.fields.transportHost')}
                  value={draft.transportHost}
                  onChange={(value) => set('transportHost', value)}
                  dir="ltr"
                  autoCapitalize="off"
                  spellCheck={false}
                />
              ) : null}
              {shown.serviceName ? text('serviceName', { required: true }) : null}
            </FormGrid>
          </Fieldset>
        ) : null}
        <Fieldset>
          <legend>{t('nodes.groups.security')}</legend>
          <FormGrid>
            {shown.security ? (
              <AdminSelect
                label={t('nodes.fields.security')}
                value={draft.security}
                onChange={(value) => set('security', value)}
                options={SECURITIES[draft.protocol].map((security) => ({
                  value: security,
                  label: SECURITY_LABELS[security] ?? t('nodes.noSecurity'),
                }))}
              />
            ) : null}
            {shown.serverName
              ? text('serverName', {
                  hint: shown.reality ? t('nodes.hints.realityServerName') : t('nodes.hints.serverName'),
                })
              : null}
            {shown.flow ? (
              <AdminSelect
                label={t('nodes.fields.flow')}
                value={draft.flow}
                onChange={(value) => set('flow', value)}
                options={VLESS_FLOWS.map((flow) => ({ value: flow, label: flow || t('nodes.noFlow') }))}
              />
            ) : null}
            {shown.cipher ? (
              <AdminSelect
                label={t('nodes.fields.cipher')}
                value={draft.cipher}
                onChange={(value) => set('cipher', value)}
                options={SS_CIPHERS.map((cipher) => ({ value: cipher, label: cipher }))}
              />
            ) : null}
          </FormGrid>
        </Fieldset>
        {shown.reality ? (
          <Fieldset>
            <legend>{t('nodes.groups.reality')}</legend>
            <FormGrid>
              <PasswordField
                label={t('nodes.fields.realityPrivateKey')}
                hint={
                  node
                    ? t('nodes.hints.keepPrivateKey')
                    : t('nodes.hints.realityPrivateKey', { command: 'xray x25519' })
                }
                value={draft.realityPrivateKey}
                onChange={(value) => set('realityPrivateKey', value)}
                error={error('realityPrivateKey')}
                autoComplete="off"
              />
              {text('realityShortId', { hint: t('nodes.hints.realityShortId') })}
              {text('realityDest', { hint: t('nodes.hints.realityDest') })}
              {text('realityDestPort', { numeric: true, required: true })}
            </FormGrid>
          </Fieldset>
        ) : null}
        {shown.hysteria ? (
          <Fieldset>
            <legend>{t('nodes.groups.hysteria')}</legend>
            <FormGrid>
              {text('upMbps', { numeric: true })}
              {text('downMbps', { numeric: true })}
              <PasswordField
                label={t('nodes.fields.obfsPassword')}
                hint={t('nodes.hints.obfsPassword')}
                value={draft.obfsPassword}
                onChange={(value) => set('obfsPassword', value)}
                autoComplete="off"
              />
            </FormGrid>
          </Fieldset>
        ) : null}
        <AdminCheckbox
          label={t('nodes.fields.active')}
          hint={t('nodes.hints.active')}
          checked={draft.active}
          onChange={(value) => set('active', value)}
        />
        <EditorActions
          saving={saving}
          saveLabel={node ? t('nodes.saveChanges') : t('nodes.create')}
          onCancel={onCancel}
        />
      </Form>
    </AdminPanel>
  );
}
