import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { AppImportGuide } from '../AppImportGuide';
import { Button } from '../Button';
import { useFormat } from '../format';
import { Icon, type IconName } from '../icons';
import { DisclosureButton, DisclosureCard, useOpenSet } from '../Disclosure';
import { PageBody, VisuallyHidden } from '../Layout';
import { Modal } from '../Modal';
import { PageHeader } from '../PageHeader';
import { INSTALL_PLATFORMS, INSTALL_STEPS, isScreenshotName, type InstallPlatform } from './installSteps';
import { cluster, headedText, iconDisc, outlined, plainList, stack } from '../theme';

const Body = styled(PageBody)`
  ${stack(5)}
`;

const Toggle = styled(DisclosureButton)`
  gap: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(5)} ${({ theme }) => theme.space(6)};
  ${headedText('h2', 'xl')}
`;

const Disc = styled.span`
  ${iconDisc(52, 'md')}
  background: ${({ theme }) => theme.colors.infoSoft};
  color: ${({ theme }) => theme.colors.info};
  flex-shrink: 0;
`;

const Steps = styled.ol`
  ${plainList}
  padding: 0 ${({ theme }) => theme.space(6)} ${({ theme }) => theme.space(6)};
  ${stack(5)}
`;

const Step = styled.li`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: ${({ theme }) => theme.space(4)};
  align-items: start;
`;

const Number = styled.span`
  ${iconDisc(36)}
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
  font-weight: 800;
`;

const Shot = styled.button`
  display: block;
  margin-block-start: ${({ theme }) => theme.space(3)};
  padding: 0;
  ${outlined('md', 'surfaceMuted')}
  cursor: zoom-in;
  overflow: hidden;
  img {
    display: block;
    inline-size: 220px;
    block-size: auto;
    max-inline-size: 100%;
  }
`;

const Missing = styled.p`
  margin-block-start: ${({ theme }) => theme.space(2)};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Help = styled.p`
  ${cluster(3)}
  align-items: center;
  justify-content: center;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const FullImage = styled.img`
  display: block;
  inline-size: 100%;
  max-block-size: calc(100vh - 200px);
  object-fit: contain;
`;

const ICONS: Record<InstallPlatform, IconName> = { android: 'android', windows: 'windows', ios: 'apple' };

export interface InstallScreenProps {
  /** Where the screenshots live; /assets/images by default (SPEC §2). */
  imageBase?: string;
  /** Platforms open at first. */
  initiallyOpen?: InstallPlatform[];
}

/** Three platform cards expanding to numbered steps with screenshots that open full screen. */
export function InstallScreen({ imageBase = '/assets/images', initiallyOpen = [] }: InstallScreenProps) {
  const { t } = useTranslation(['install', 'common']);
  const format = useFormat();
  const { isOpen, toggle } = useOpenSet(initiallyOpen);
  const [broken, setBroken] = useState<ReadonlySet<string>>(() => new Set());
  const [zoomed, setZoomed] = useState<{ src: string; step: number } | null>(null);
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Body>
        {INSTALL_PLATFORMS.map((platform) => {
          const panelId = `install-${platform}`;
          return (
            <DisclosureCard key={platform}>
              <Toggle open={isOpen(platform)} controls={panelId} onToggle={() => toggle(platform)} chevronSize={22}>
                <Disc>
                  <Icon name={ICONS[platform]} size={28} />
                </Disc>
                <span>
                  <h2>{t(`platforms.${platform}.name`)}</h2>
                  <p>{t(`platforms.${platform}.description`)}</p>
                </span>
              </Toggle>
              <Steps id={panelId} hidden={!isOpen(platform)}>
                {INSTALL_STEPS[platform].map(({ step, image }) => {
                  const src = isScreenshotName(image) ? `${imageBase}/${platform}/${image}` : null;
                  return (
                    <Step key={step}>
                      <Number aria-hidden="true">{format.number(step)}</Number>
                      <div>
                        <p>
                          <VisuallyHidden>{t('stepLabel', { number: step })}: </VisuallyHidden>
                          {t(`platforms.${platform}.steps.${step}`)}
                        </p>
                        {src && broken.has(src) ? <Missing>{t('imageMissing')}</Missing> : null}
                        {src && !broken.has(src) ? (
                          <Shot
                            type="button"
                            aria-label={t('openImage', { number: step })}
                            onClick={() => setZoomed({ src, step })}
                          >
                            <img
                              src={src}
                              alt=""
                              loading="lazy"
                              width={220}
                              height={440}
                              onError={() => setBroken((current) => new Set(current).add(src))}
                            />
                          </Shot>
                        ) : null}
                      </div>
                    </Step>
                  );
                })}
              </Steps>
            </DisclosureCard>
          );
        })}
        <AppImportGuide />
        <Help>
          {t('help')}
          <Button to="/support" variant="secondary" size="sm" icon="support">
            {t('common:nav.support')}
          </Button>
        </Help>
      </Body>
      <Modal
        open={zoomed !== null}
        onClose={() => setZoomed(null)}
        title={zoomed ? t('stepLabel', { number: zoomed.step }) : ''}
      >
        {zoomed ? <FullImage src={zoomed.src} alt={t('openImage', { number: zoomed.step })} /> : null}
      </Modal>
    </>
  );
}
