import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Icon, type IconName } from '../icons';
import { Card, Grid, Section } from '../Layout';
import { headedText, iconDisc, stack } from '../theme';

/** Each benefit's and each tile's icon, in their order. */
const BENEFITS: Record<'privacy' | 'freedom' | 'speed', IconName> = {
  privacy: 'shieldCheck',
  freedom: 'globe',
  speed: 'bolt',
};
const TILES: Record<'encryption' | 'streaming' | 'tunneling' | 'hideIp' | 'gaming' | 'speed', IconName> = {
  encryption: 'lock',
  streaming: 'play',
  tunneling: 'split',
  hideIp: 'eyeOff',
  gaming: 'gamepad',
  speed: 'gauge',
};

const Benefit = styled(Card)`
  ${stack(3)}
  ${headedText('h3', 'xl')}
`;

const IconDisc = styled.span<{ $tone: 'primary' | 'accent' }>`
  ${iconDisc(52, 'md')}
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
        {Object.entries(BENEFITS).map(([key, icon]) => (
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
        {Object.entries(TILES).map(([key, icon]) => (
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
