import { Spinner } from '../../components/ui/spinner';

/** Shown after Reserve while the booking dialog's code loads. */
export const BookingPending = () => (
  <div className="fixed inset-0 z-50 grid place-items-center bg-black/40">
    <Spinner compact label="Opening booking" />
  </div>
);
