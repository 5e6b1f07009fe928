import { useTranslation } from 'react-i18next';

/** The steps to add the subscription link to an app by hand (an app without an import link): copy, add, update. */
export function ManualImportSteps({ app, className }: { app: string; className?: string }) {
  const { t } = useTranslation('connect');
  return (
    <ol className={className}>
      <li>{t('apps.manual.copy')}</li>
      <li>{t('apps.manual.add', { app })}</li>
      <li>{t('apps.manual.update')}</li>
    </ol>
  );
}
