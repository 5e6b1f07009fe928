import { useTranslation } from 'react-i18next';
import { discountPercent, RESET_PERIODS, type AdminPlan, type AdminPlanInput } from '@separ/domain';
import { AdminDataTable, wholePage } from '../AdminDataTable';
import { EditorActions, FormProblems, useDraftForm } from '../AdminForm';
import { ActiveBadge, AdminPanel, FormGrid, RowActions, RowButton } from '../AdminLayout/adminParts';
import { useAdminMay } from '../AdminLayout/adminRole';
import { AdminCheckbox, AdminSelect } from '../AdminField';
import { adminErrorText, AdminNotice, type AdminActionError } from '../AdminNotice';
import { AdminPageHeader } from '../AdminPageHeader';
import { parseWhole } from '../AdminLayout/numbers';
import { Button } from '../Button';
import { TextField } from '../FormField';
import { useFormat } from '../format';
import { PlanCard } from '../PlanCard';
import { DataRow, Editor, Form, Muted, Preview, PreviewCard, Price } from './AdminPlansScreen.styles';
import {
  draftFromPlan,
  EMPTY_PLAN_DRAFT,
  PLAN_MAX_DAYS,
  PLAN_MAX_DEVICES,
  PLAN_TITLE_MAX,
  validatePlanDraft,
  type PlanDraft,
  type PlanField,
} from './planForm';

export interface AdminPlansScreenProps {
  status: 'loading' | 'error' | 'ready';
  plans: AdminPlan[];
  onRetry(): void;
  retrying?: boolean;
  /** The plan in the form, `new` for a new one, or null for the list. */
  editing: AdminPlan | 'new' | null;
  onEdit(plan: AdminPlan | 'new'): void;
  onCancelEdit(): void;
  /** A checked plan: `id` null makes one (POST), else changes that plan (PATCH). */
  onSave(input: AdminPlanInput, id: number | null): void;
  saving?: boolean;
  saveError?: AdminActionError | null;
  /** Offer the plan to buyers or withdraw it (PATCH `{ active }` with the other value). */
  onToggleActive(plan: AdminPlan): void;
  /** The plan whose activation is being changed. */
  togglingId?: number | null;
  toggleError?: AdminActionError | null;
}

/** The plans buyers choose from: the table, the form that makes or changes one, with the card buyers will see. */
export function AdminPlansScreen(props: AdminPlansScreenProps) {
  const { t } = useTranslation('admin');
  const { status, plans, editing } = props;
  let content;
  if (editing !== null)
    content = (
      <PlanEditor
        key={editing === 'new' ? 'new' : editing.id}
        plan={editing === 'new' ? null : editing}
        onSave={props.onSave}
        onCancel={props.onCancelEdit}
        saving={props.saving ?? false}
        saveError={props.saveError ?? null}
      />
    );
  else content = <PlansTable {...props} />;
  // A role that reads plans only (sales, CONTRACTS §13) sees no control that changes one.
  const writes = useAdminMay()('POST /api/admin/plans');
  const title = editing === null ? t('plans.title') : editing === 'new' ? t('plans.newTitle') : t('plans.editTitle');
  return (
    <>
      <AdminPageHeader
        title={title}
        subtitle={editing === null ? t('plans.subtitle') : undefined}
        actions={
          editing === null && status === 'ready' && plans.length > 0 && writes ? (
            <Button onClick={() => props.onEdit('new')}>{t('plans.new')}</Button>
          ) : editing !== null ? (
            <Button variant="ghost" icon="arrowBack" onClick={props.onCancelEdit}>
              {t('common.back')}
            </Button>
          ) : undefined
        }
      />
      {content}
    </>
  );
}

function PlansTable({
  status,
  plans,
  onRetry,
  retrying,
  onEdit,
  onToggleActive,
  togglingId,
  toggleError,
}: AdminPlansScreenProps) {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const writes = useAdminMay()('POST /api/admin/plans');
  return (
    <>
      {toggleError ? <AdminNotice tone="error">{adminErrorText(toggleError, t)}</AdminNotice> : null}
      <AdminDataTable
        caption={t('plans.tableCaption')}
        status={status}
        data={status === 'ready' ? wholePage(plans) : null}
        paginated={false}
        loadingLabel={t('plans.loading')}
        errorTitle={t('plans.errorTitle')}
        errorMessage={t('plans.errorMessage')}
        onRetry={onRetry}
        retrying={retrying}
        emptyIcon="card"
        emptyTitle={t('plans.emptyTitle')}
        emptyMessage={t('plans.emptyMessage')}
        emptyAction={writes ? <Button onClick={() => onEdit('new')}>{t('plans.new')}</Button> : undefined}
        rowKey={(plan) => String(plan.id)}
        columns={[
          { key: 'title', header: t('plans.columns.title'), cell: (plan) => <strong>{plan.title}</strong> },
          {
            key: 'platform',
            header: t('plans.columns.platform'),
            cell: (plan) => t(`plans.platforms.${plan.ios ? 'ios' : 'android'}`),
          },
          { key: 'days', header: t('plans.columns.days'), cell: (plan) => format.duration(plan.days) },
          { key: 'data', header: t('plans.columns.data'), cell: (plan) => format.data(plan.allowedMB) },
          { key: 'devices', header: t('plans.columns.devices'), cell: (plan) => format.number(plan.devices) },
          {
            key: 'price',
            header: t('plans.columns.price'),
            cell: (plan) => (
              <Price>
                <span>{format.toman(plan.toman)}</span>
                {plan.credit !== plan.toman ? (
                  <small>{t('plans.creditPrice', { price: format.toman(plan.credit) })}</small>
                ) : null}
              </Price>
            ),
          },
          {
            key: 'status',
            header: t('plans.columns.status'),
            cell: (plan) => <ActiveBadge active={plan.active} />,
          },
          ...(writes
            ? [
                {
                  key: 'actions',
                  header: t('common.actions'),
                  cell: (plan: AdminPlan) => (
                    <RowActions>
                      <RowButton label={t('common.edit')} row={plan.title} onClick={() => onEdit(plan)} />
                      <RowButton
                        label={plan.active ? t('plans.deactivate') : t('plans.activate')}
                        row={plan.title}
                        variant={plan.active ? 'danger' : 'secondary'}
                        onClick={() => onToggleActive(plan)}
                        loading={togglingId === plan.id}
                      />
                    </RowActions>
                  ),
                },
              ]
            : []),
        ]}
      />
    </>
  );
}

interface PlanEditorProps {
  plan: AdminPlan | null;
  onSave(input: AdminPlanInput, id: number | null): void;
  onCancel(): void;
  saving: boolean;
  saveError: AdminActionError | null;
}

function PlanEditor({ plan, onSave, onCancel, saving, saveError }: PlanEditorProps) {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const { draft, set, errors, submit, invalid } = useDraftForm({
    initial: () => (plan ? draftFromPlan(plan) : EMPTY_PLAN_DRAFT),
    check: validatePlanDraft,
    save: (input: AdminPlanInput) => onSave(input, plan?.id ?? null),
  });
  const errorText = (field: PlanField) => {
    const error = errors[field];
    if (!error) return undefined;
    const max = field === 'days' ? PLAN_MAX_DAYS : field === 'title' ? PLAN_TITLE_MAX : PLAN_MAX_DEVICES;
    return t(`plans.errors.${error}`, { max: format.number(max) });
  };
  /** A whole-number field; an optional one says so after its label. */
  const numeric = (field: 'days' | 'devices' | 'toman' | 'credit', extra: { optional?: true; hint?: string } = {}) => (
    <TextField
      label={extra.optional ? `${t(`plans.fields.${field}`)} (${t('common.optional')})` : t(`plans.fields.${field}`)}
      hint={extra.hint}
      value={draft[field]}
      onChange={(value) => set(field, value)}
      error={errorText(field)}
      inputMode="numeric"
      dir="ltr"
      required={!extra.optional}
    />
  );
  return (
    <Editor>
      <AdminPanel aria-labelledby="plan-form-title">
        <h2 id="plan-form-title">{t('plans.formTitle')}</h2>
        <Form onSubmit={submit} noValidate>
          <FormProblems invalid={invalid} summary={t('plans.errors.summary')} saveError={saveError} />
          <FormGrid>
            <div data-wide>
              <TextField
                label={t('plans.fields.title')}
                hint={t('plans.hints.title')}
                value={draft.title}
                onChange={(value) => set('title', value)}
                error={errorText('title')}
                maxLength={PLAN_TITLE_MAX + 20}
                required
              />
            </div>
            <AdminSelect
              label={t('plans.fields.platform')}
              hint={t('plans.hints.platform')}
              value={draft.platform}
              onChange={(value) => set('platform', value)}
              options={[
                { value: 'android', label: t('plans.platforms.android') },
                { value: 'ios', label: t('plans.platforms.ios') },
              ]}
            />
            {numeric('days')}
            <AdminSelect
              label={t('plans.fields.reset')}
              hint={t('plans.hints.reset')}
              value={draft.reset}
              onChange={(value) => set('reset', value)}
              options={RESET_PERIODS.map((period) => ({ value: period, label: t(`plans.resets.${period}`) }))}
            />
            <div>
              <DataRow>
                <TextField
                  label={t('plans.fields.data')}
                  value={draft.unlimited ? '' : draft.data}
                  onChange={(value) => set('data', value)}
                  error={errorText('data')}
                  inputMode="numeric"
                  dir="ltr"
                  disabled={draft.unlimited}
                  placeholder={draft.unlimited ? t('plans.unlimited') : undefined}
                />
                <AdminSelect
                  label={t('plans.fields.dataUnit')}
                  value={draft.dataUnit}
                  onChange={(value) => set('dataUnit', value)}
                  disabled={draft.unlimited}
                  options={[
                    { value: 'GB', label: t('plans.units.GB') },
                    { value: 'MB', label: t('plans.units.MB') },
                  ]}
                />
              </DataRow>
              <AdminCheckbox
                label={t('plans.fields.unlimited')}
                checked={draft.unlimited}
                onChange={(value) => set('unlimited', value)}
              />
            </div>
            {numeric('devices')}
            {numeric('toman')}
            {numeric('credit', { optional: true, hint: t('plans.hints.credit') })}
            <div data-wide>
              <AdminCheckbox
                label={t('plans.fields.active')}
                hint={t('plans.hints.active')}
                checked={draft.active}
                onChange={(value) => set('active', value)}
              />
            </div>
          </FormGrid>
          <EditorActions
            saving={saving}
            saveLabel={plan ? t('plans.saveChanges') : t('plans.create')}
            onCancel={onCancel}
          />
        </Form>
      </AdminPanel>
      <PlanPreview draft={draft} />
    </Editor>
  );
}

/** The card buyers will see, drawn from the form as it is typed. */
function PlanPreview({ draft }: { draft: PlanDraft }) {
  const { t } = useTranslation(['admin', 'plans']);
  const format = useFormat();
  const toman = parseWhole(draft.toman);
  const credit = draft.credit.trim() ? parseWhole(draft.credit) : toman;
  const days = parseWhole(draft.days);
  const devices = parseWhole(draft.devices);
  const amount = parseWhole(draft.data);
  const percent = toman !== null && credit !== null ? discountPercent(toman, credit) : null;
  const shown = percent !== null ? credit : toman;
  const features = [
    draft.unlimited
      ? format.data(-1)
      : amount !== null
        ? format.data(draft.dataUnit === 'GB' ? amount * 1024 : amount)
        : '—',
    devices !== null ? format.devices(devices) : '—',
    days !== null ? format.duration(days) : '—',
  ];
  return (
    <AdminPanel aria-labelledby="plan-preview-title">
      <Preview>
        <h2 id="plan-preview-title">{t('plans.preview.title')}</h2>
        <p>{t('plans.preview.hint')}</p>
        <PreviewCard inert>
          <PlanCard
            name={draft.title.trim() || t('plans.preview.untitled')}
            price={shown !== null ? format.toman(shown) : '—'}
            originalPrice={percent !== null && toman !== null ? format.toman(toman) : undefined}
            discount={percent !== null ? t('plans:card.discount', { percent }) : undefined}
            features={features}
            cta={{ label: t('plans:card.select'), to: '/buy' }}
          />
        </PreviewCard>
        {!draft.active ? <Muted>{t('plans.preview.inactive')}</Muted> : null}
      </Preview>
    </AdminPanel>
  );
}
