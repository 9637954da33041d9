import { Link } from '@tanstack/react-router';

export function Logo() {
  return (
    <Link to="/" className="flex items-center gap-2 font-bold text-lg" aria-label="Parkada home">
      <span className="grid h-8 w-8 place-items-center rounded-lg bg-brand text-white">P</span>
      <span>Parkada</span>
    </Link>
  );
}
