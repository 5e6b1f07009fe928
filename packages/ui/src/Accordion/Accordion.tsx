import { useId, type ReactNode } from 'react';
import { useOpenSet } from '../Disclosure';
import { Item, Panel, Root, Trigger } from './Accordion.styles';

export interface AccordionItem {
  id: string;
  title: ReactNode;
  content: ReactNode;
}

export interface AccordionProps {
  items: AccordionItem[];
  /** Items open at first; several may be open at once. */
  defaultOpen?: string[];
  /** The heading level of the item titles. */
  headingLevel?: 2 | 3 | 4;
}

/** Disclosure items, several open at once, each answer at most 500 px tall. */
export function Accordion({ items, defaultOpen = [], headingLevel = 3 }: AccordionProps) {
  const { isOpen: openOf, toggle } = useOpenSet(defaultOpen);
  const base = useId();
  return (
    <Root>
      {items.map((item) => {
        const isOpen = openOf(item.id);
        const panelId = `${base}-${item.id}-panel`;
        const triggerId = `${base}-${item.id}-trigger`;
        return (
          <Item key={item.id} $open={isOpen}>
            <Trigger
              id={triggerId}
              headingLevel={headingLevel}
              open={isOpen}
              controls={panelId}
              onToggle={() => toggle(item.id)}
            >
              <span>{item.title}</span>
            </Trigger>
            <Panel id={panelId} role="region" aria-labelledby={triggerId} hidden={!isOpen}>
              {item.content}
            </Panel>
          </Item>
        );
      })}
    </Root>
  );
}
