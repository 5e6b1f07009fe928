import type { ReactNode } from 'react';
import { Container, SectionHead, SectionRoot, SectionSubtitle, SectionTitle } from './Layout.styles';

export interface SectionProps {
  id?: string;
  title?: ReactNode;
  subtitle?: ReactNode;
  tone?: 'plain' | 'muted' | 'dark';
  children: ReactNode;
  className?: string;
}

/** A page section with an optional centred title; `id` makes it an anchor target. */
export function Section({ id, title, subtitle, tone = 'plain', children, className }: SectionProps) {
  const titleId = id ? `${id}-title` : undefined;
  return (
    <SectionRoot id={id} $tone={tone} className={className} aria-labelledby={title ? titleId : undefined}>
      <Container>
        {title || subtitle ? (
          <SectionHead>
            {title ? <SectionTitle id={titleId}>{title}</SectionTitle> : null}
            {subtitle ? <SectionSubtitle $onDark={tone === 'dark'}>{subtitle}</SectionSubtitle> : null}
          </SectionHead>
        ) : null}
        {children}
      </Container>
    </SectionRoot>
  );
}
