import { useTranslation } from 'react-i18next';
import { Accordion } from '../Accordion';
import { Section } from '../Layout';
import { Narrow } from './Faq.styles';

const KEYS = ['howItWorks', 'legal', 'streaming', 'devices', 'speed', 'tracking', 'whyPay'] as const;

/** The seven questions; several answers may be open at once. */
export function Faq() {
  const { t } = useTranslation('home');
  return (
    <Section id="faq" title={t('faq.title')} subtitle={t('faq.subtitle')} tone="muted">
      <Narrow>
        <Accordion
          items={KEYS.map((key) => ({
            id: key,
            title: t(`faq.items.${key}.question`),
            content: t(`faq.items.${key}.answer`),
          }))}
        />
      </Narrow>
    </Section>
  );
}
