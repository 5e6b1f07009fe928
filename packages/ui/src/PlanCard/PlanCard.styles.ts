import styled from 'styled-components';
import { cluster, plainList, stack } from '../theme';

export const Root = styled.article<{ $popular: boolean }>`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(7)} ${({ theme }) => theme.space(6)};
  background: ${({ theme }) => theme.colors.surface};
  border: ${({ theme, $popular }) => ($popular ? `2px solid ${theme.colors.primary}` : `1px solid ${theme.colors.border}`)};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme, $popular }) => ($popular ? theme.shadows.lg : theme.shadows.sm)};
`;

export const BadgeSlot = styled.div`
  position: absolute;
  inset-block-start: -14px;
  inset-inline: 0;
  display: flex;
  justify-content: center;
`;

export const Name = styled.h3`
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: 800;
`;

export const PriceRow = styled.div`
  ${cluster(2)}
  align-items: baseline;
`;

export const Price = styled.p`
  font-size: ${({ theme }) => theme.fontSizes['2xl']};
  font-weight: 800;
  color: ${({ theme }) => theme.colors.text};
`;

export const Period = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const Original = styled.s`
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const Features = styled.ul`
  ${plainList}
  ${stack(2)}
  flex: 1;
  li {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(2)};
  }
  svg {
    color: ${({ theme }) => theme.colors.success};
  }
`;
