import { createFileRoute } from '@tanstack/react-router';
import { MissingScreen } from '../../components/not-found';
import { Spinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api';
import { TapPage } from '../../features/tags/tap-page';
import { tapQuery } from '../../lib/tags';

/** A lot's NFC/QR tag opens here (docs/gate.md, Entrance tags); signed out, sign-in brings the driver back. */
export const Route = createFileRoute('/_auth/tap/$token')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(tapQuery(params.token)),
  pendingComponent: () => <Spinner label="Reading the tag" />,
  errorComponent: ({ error }) => (
    <MissingScreen
      title="Tag Not Usable"
      detail={error instanceof ApiError ? error.text : 'The tag could not be read. Check your connection and open it again.'}
      backTo="/"
      backLabel="Back to Search"
    />
  ),
  component: function Tap() {
    return <TapPage token={Route.useParams().token} />;
  },
});
