import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Card, PageBody } from '../Layout';
import { PageHeader } from '../PageHeader';
import { captionAbove } from '../Table/Table.styles';
import { stack } from '../theme';

const Document = styled(Card)`
  max-inline-size: 860px;
  margin-inline: auto;
  ${stack(6)}
  h2 {
    font-size: ${({ theme }) => theme.fontSizes.xl};
    margin-block-end: ${({ theme }) => theme.space(2)};
  }
  p {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  table {
    inline-size: 100%;
    border-collapse: collapse;
  }
  ${captionAbove}
  th,
  td {
    text-align: start;
    padding: ${({ theme }) => theme.space(3)};
    border-block-end: 1px solid ${({ theme }) => theme.colors.border};
    vertical-align: top;
  }
  th {
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }
`;

const Notice = styled.p`
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.infoSoft};
  color: ${({ theme }) => theme.colors.info} !important;
  font-weight: 600;
`;

export type LegalPage = 'privacy' | 'terms' | 'cookies';

const SECTIONS: Record<LegalPage, string[]> = {
  privacy: ['noLogs', 'collect', 'use', 'sharing', 'retention', 'security', 'rights', 'changes'],
  terms: ['service', 'account', 'acceptableUse', 'payment', 'refunds', 'liability', 'termination', 'changes'],
  cookies: ['what', 'how', 'control'],
};

export interface LegalScreenProps {
  page: LegalPage;
}

/** The privacy policy, terms of use and cookie policy: static English text, last updated September 23, 2025. */
export function LegalScreen({ page }: LegalScreenProps) {
  const { t, i18n } = useTranslation('legal');
  return (
    <>
      <PageHeader title={t(`${page}.title`)} subtitle={t('lastUpdated')} />
      <PageBody>
        <Document>
          {i18n.language !== 'en' ? <Notice>{t('notice')}</Notice> : null}
          <EnglishOriginal lang="en" dir="ltr">
            <p>{t(`${page}.intro`)}</p>
            {SECTIONS[page].map((key) => (
              <section key={key}>
                <h2>{t(`${page}.sections.${key}.title`)}</h2>
                <p>{t(`${page}.sections.${key}.body`)}</p>
              </section>
            ))}
            {page === 'cookies' ? (
              <table>
                <caption>{t('cookies.table.caption')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('cookies.table.type')}</th>
                    <th scope="col">{t('cookies.table.purpose')}</th>
                    <th scope="col">{t('cookies.table.duration')}</th>
                  </tr>
                </thead>
                <tbody>
                  {(['essential', 'performance', 'functional'] as const).map((row) => (
                    <tr key={row}>
                      <th scope="row">{t(`cookies.table.rows.${row}.type`)}</th>
                      <td>{t(`cookies.table.rows.${row}.purpose`)}</td>
                      <td>{t(`cookies.table.rows.${row}.duration`)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : null}
            <p>{t('contact')}</p>
          </EnglishOriginal>
        </Document>
      </PageBody>
    </>
  );
}

/** The binding English text, left to right even inside the Persian page. */
const EnglishOriginal = styled.div`
  display: grid;
  gap: 24px;
  /* start, not left: the Persian page's style sheet mirrors physical sides. */
  text-align: start;
`;
