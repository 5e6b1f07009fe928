import styled from 'styled-components';
import { cluster, stack } from '../theme';

export const Dialog = styled.dialog`
  inline-size: min(520px, calc(100vw - 32px));
  max-block-size: calc(100vh - 32px);
  padding: 0;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  box-shadow: ${({ theme }) => theme.shadows.lg};
  &::backdrop {
    background: ${({ theme }) => theme.colors.overlay};
  }
`;

export const Head = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  padding-block: ${({ theme }) => theme.space(4)};
  padding-inline: ${({ theme }) => theme.space(6)};
  border-block-end: 1px solid ${({ theme }) => theme.colors.border};
`;

export const Title = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: 800;
`;

export const Body = styled.div`
  padding: ${({ theme }) => theme.space(6)};
  ${stack(4)}
`;

export const Actions = styled.div`
  ${cluster(3)}
  justify-content: flex-end;
  padding-inline: ${({ theme }) => theme.space(6)};
  padding-block-end: ${({ theme }) => theme.space(6)};
`;
