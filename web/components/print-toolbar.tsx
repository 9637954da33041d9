import { Link, type LinkProps } from '@tanstack/react-router';
import { Printer } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './ui/button';

/** The bar above a printable document (statement, receipt, rate sign): a way back, extra actions, Print. Hidden on paper. */
export function PrintToolbar({
  backTo,
  backSearch,
  backLabel,
  children,
}: {
  backTo: LinkProps['to'];
  backSearch?: LinkProps['search'];
  backLabel: string;
  children?: ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-3 print:hidden">
      <Link to={backTo} search={backSearch} className="text-sm text-muted-foreground hover:underline">
        ← {backLabel}
      </Link>
      <div className="flex gap-2">
        {children}
        <Button size="sm" onClick={() => window.print()}>
          <Printer className="h-4 w-4" /> Print or save as PDF
        </Button>
      </div>
    </div>
  );
}
