import * as AccordionPrimitive from '@radix-ui/react-accordion';
import { ChevronDown } from 'lucide-react';
import type { ComponentPropsWithoutRef, ReactNode } from 'react';

/** Radix accordion with the store's look: each item a bordered row whose question is a heading button. */
export const Accordion = AccordionPrimitive.Root;

export function AccordionItem({ className = '', ...props }: ComponentPropsWithoutRef<typeof AccordionPrimitive.Item>) {
  return <AccordionPrimitive.Item className={`border-b border-slate-200 last:border-b-0 ${className}`} {...props} />;
}

export function AccordionTrigger({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <AccordionPrimitive.Header className="flex">
      <AccordionPrimitive.Trigger
        className={
          'group flex flex-1 items-center justify-between gap-4 py-4 text-left font-medium text-slate-900 ' +
          'transition-colors hover:text-brand-700 focus-visible:outline-none focus-visible:ring-2 ' +
          `focus-visible:ring-brand-600 focus-visible:ring-offset-2 ${className}`
        }
      >
        {children}
        <ChevronDown
          aria-hidden="true"
          className="size-5 shrink-0 text-slate-400 transition-transform duration-200 group-data-[state=open]:rotate-180"
        />
      </AccordionPrimitive.Trigger>
    </AccordionPrimitive.Header>
  );
}

export function AccordionContent({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <AccordionPrimitive.Content className={`overflow-hidden text-slate-600 ${className}`}>
      <div className="pb-4 leading-relaxed">{children}</div>
    </AccordionPrimitive.Content>
  );
}
