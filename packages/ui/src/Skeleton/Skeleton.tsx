import styled, { keyframes } from 'styled-components';

const pulse = keyframes`50% { opacity: 0.55; }`;

/** A placeholder block while content loads (hidden from assistive technology). */
export const Skeleton = styled.span.attrs({ 'aria-hidden': true })<{
  $width?: string;
  $height?: string;
  $radius?: string;
}>`
  display: block;
  inline-size: ${({ $width }) => $width ?? '100%'};
  block-size: ${({ $height }) => $height ?? '1em'};
  border-radius: ${({ theme, $radius }) => $radius ?? theme.radii.sm};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  animation: ${pulse} 1.4s ease-in-out infinite;
`;
