import { useEffect, useRef, useState, type ReactNode } from 'react';
import { COPIED_TOAST_MS } from '@separ/domain';
import { Button, type ButtonProps } from '../Button';
import { Toast } from '../Toast';

/** Puts text on the clipboard: the async API where allowed, else a hidden text area. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  }
}

export interface CopyButtonProps extends Omit<ButtonProps, 'onClick' | 'children'> {
  text: string;
  label: ReactNode;
  copiedLabel: ReactNode;
  /** How long the "copied" toast stays (2 s, SPEC §9). */
  toastMs?: number;
  onCopied?: () => void;
}

/** Copies text and confirms with a toast for two seconds. */
export function CopyButton({
  text,
  label,
  copiedLabel,
  toastMs = COPIED_TOAST_MS,
  onCopied,
  variant = 'secondary',
  ...rest
}: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <>
      <Button
        variant={variant}
        icon="copy"
        {...rest}
        onClick={async () => {
          if (!(await copyText(text))) return;
          setCopied(true);
          onCopied?.();
          clearTimeout(timer.current);
          timer.current = setTimeout(() => setCopied(false), toastMs);
        }}
      >
        {label}
      </Button>
      <Toast visible={copied}>{copiedLabel}</Toast>
    </>
  );
}
