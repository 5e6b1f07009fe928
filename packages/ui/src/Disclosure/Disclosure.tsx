import { useState, type ButtonHTMLAttributes } from 'react';
import styled from 'styled-components';
import { Icon } from '../icons';
import { Card } from '../Layout';

/** The button: the caller's content, then the chevron at the row's end, turned over while open. */
const Trigger = styled.button`
  display: flex;
  align-items: center;
  inline-size: 100%;
  border: 0;
  background: transparent;
  color: inherit;
  text-align: start;
  cursor: pointer;
  > svg:last-child {
    margin-inline-start: auto;
    transition: transform 0.2s ease;
  }
  &[aria-expanded='true'] > svg:last-child {
    transform: rotate(180deg);
  }
`;

/** The heading around a disclosure button: a heading for the outline, sized and spaced by the button. */
const Heading = styled.h2`
  margin: 0;
  font-size: inherit;
`;

export interface DisclosureButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'onClick'> {
  open: boolean;
  /** The id of the panel it shows and hides. */
  controls: string;
  onToggle(): void;
  /** The chevron's size in pixels. */
  chevronSize?: number;
  /** Wraps the button in a heading of this level. */
  headingLevel?: 2 | 3 | 4;
}

/**
 * The button that shows and hides a panel (the caller gives the panel its id and `hidden`): the
 * caller's content with a chevron at the end that turns over while the panel is open. Restyle it
 * with styled(DisclosureButton) for its spacing and type.
 */
export function DisclosureButton({
  open,
  controls,
  onToggle,
  chevronSize = 20,
  headingLevel,
  children,
  ...rest
}: DisclosureButtonProps) {
  const button = (
    <Trigger type="button" aria-expanded={open} aria-controls={controls} onClick={onToggle} {...rest}>
      {children}
      <Icon name="chevronDown" size={chevronSize} />
    </Trigger>
  );
  return headingLevel ? <Heading as={`h${headingLevel}`}>{button}</Heading> : button;
}

/** A card whose disclosure button and panel reach its edges (each pads itself). */
export const DisclosureCard = styled(Card)`
  padding: 0;
  overflow: hidden;
`;

/** Which of a list's panels are open (any number at once), and the toggle of one. */
export function useOpenSet<Id>(initiallyOpen: readonly Id[] = []) {
  const [open, setOpen] = useState<ReadonlySet<Id>>(() => new Set(initiallyOpen));
  const toggle = (id: Id) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return { isOpen: (id: Id) => open.has(id), toggle };
}
