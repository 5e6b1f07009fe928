import { useTranslation } from 'react-i18next';
import { Badge } from '../Badge';
import { Button } from '../Button';
import { Container } from '../Layout';
import { Art, Band, Copy, Ctas, Highlights, Layout, Subtitle, Title } from './Hero.styles';

const HIGHLIGHTS = { encryption: 'lock', noLogs: 'eyeOff', devices: 'devices' } as const;

/** The shield illustration, drawn inline (no image request). */
function ShieldArt({ label }: { label: string }) {
  return (
    <svg width="360" height="360" viewBox="0 0 360 360" role="img" aria-label={label}>
      <defs>
        <linearGradient id="hero-shield" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#60a5fa" />
          <stop offset="1" stopColor="#2dd4bf" />
        </linearGradient>
      </defs>
      <circle cx="180" cy="180" r="150" fill="none" stroke="rgba(255,255,255,0.12)" strokeWidth="2" />
      <circle
        cx="180"
        cy="180"
        r="112"
        fill="none"
        stroke="rgba(255,255,255,0.08)"
        strokeWidth="2"
        strokeDasharray="6 10"
      />
      <path d="M180 70l90 36v60c0 62-42 105-90 124-48-19-90-62-90-124v-60z" fill="url(#hero-shield)" opacity="0.95" />
      <path
        d="M146 182l24 24 46-50"
        fill="none"
        stroke="#0b1b3a"
        strokeWidth="14"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="58" cy="120" r="6" fill="#5eead4" />
      <circle cx="306" cy="236" r="8" fill="#93c5fd" />
      <circle cx="284" cy="92" r="4" fill="#ffffff" opacity="0.7" />
    </svg>
  );
}

/** The home page's opening: promise, calls to action and the headline claims. */
export function Hero() {
  const { t } = useTranslation('home');
  return (
    <Band aria-labelledby="hero-title">
      <Container>
        <Layout>
          <Copy>
            <Badge tone="accent" icon="shieldCheck">
              {t('hero.badge')}
            </Badge>
            <Title id="hero-title">{t('hero.title')}</Title>
            <Subtitle>{t('hero.subtitle')}</Subtitle>
            <Ctas>
              <Button to="/buy" size="lg" iconEnd="arrowForward">
                {t('hero.ctaPrimary')}
              </Button>
              <Button to="/free" size="lg" variant="light">
                {t('hero.ctaSecondary')}
              </Button>
            </Ctas>
            <Highlights gap={5} icons={HIGHLIGHTS} text={(key) => t(`hero.highlights.${key}`)} />
          </Copy>
          <Art>
            <ShieldArt label={t('hero.imageAlt')} />
          </Art>
        </Layout>
      </Container>
    </Band>
  );
}
