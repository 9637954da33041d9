import { Link } from '@tanstack/react-router';

export function Logo() {
  return (
    <Link to="/" className="flex items-center gap-2 font-bold text-lg">
      <span aria-hidden className="grid h-8 w-8 place-items-center rounded-lg bg-brand text-brand-foreground">
        P
      </span>
      <span>Parkada</span>
    </Link>
  );
}
