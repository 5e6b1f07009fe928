import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Icon, type IconName } from '../icons';
import { Card, Grid, Section } from '../Layout';

const BENEFITS: Array<{ key: 'privacy' | 'freedom' | 'speed'; icon: IconName }> = [
  { key: 'privacy', icon: 'shieldCheck' },
  { key: 'freedom', icon: 'globe' },
  { key: 'speed', icon: 'bolt' },
];

const TILES: Array<{ key: 'encryption' | 'streaming' | 'tunneling' | 'hideIp' | 'gaming' | 'speed'; icon: IconName }> =
  [
    { key: 'encryption', icon: 'lock' },
    { key: 'streaming', icon: 'play' },
    { key: 'tunneling', icon: 'split' },
    { key: 'hideIp', icon: 'eyeOff' },
    { key: 'gaming', icon: 'gamepad' },
    { key: 'speed', icon: 'gauge' },
  ];

const Benefit = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  h3 {
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
  p {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const IconDisc = styled.span<{ $tone: 'primary' | 'accent' }>`
  display: grid;
  place-items: center;
  inline-size: 52px;
  block-size: 52px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme, $tone }) => ($tone === 'primary' ? theme.colors.infoSoft : theme.colors.accentSoft)};
  color: ${({ theme, $tone }) => ($tone === 'primary' ? theme.colors.info : theme.colors.accent)};
`;

const Tile = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(4)};
  align-items: flex-start;
  h3 {
    font-size: ${({ theme }) => theme.fontSizes.lg};
    margin-block-end: ${({ theme }) => theme.space(1)};
  }
  p {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Tiles = styled(Grid)`
  margin-block-start: ${({ theme }) => theme.space(10)};
`;

/** Three benefits and six feature tiles (anchor #features). */
export function Features() {
  const { t } = useTranslation('home');
  return (
    <Section id="features" title={t('features.title')} subtitle={t('features.subtitle')} tone="muted">
      <Grid $min={260}>
        {BENEFITS.map(({ key, icon }) => (
          <Benefit key={key}>
            <IconDisc $tone="primary">
              <Icon name={icon} size={28} />
            </IconDisc>
            <h3>{t(`features.benefits.${key}.title`)}</h3>
            <p>{t(`features.benefits.${key}.text`)}</p>
          </Benefit>
        ))}
      </Grid>
      <Tiles $min={300} $gap={8}>
        {TILES.map(({ key, icon }) => (
          <Tile key={key}>
            <IconDisc $tone="accent">
              <Icon name={icon} size={24} />
            </IconDisc>
            <div>
              <h3>{t(`features.tiles.${key}.title`)}</h3>
              <p>{t(`features.tiles.${key}.text`)}</p>
            </div>
          </Tile>
        ))}
      </Tiles>
    </Section>
  );
}
