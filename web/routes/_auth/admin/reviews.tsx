import { createFileRoute } from '@tanstack/react-router';
import { Spinner } from '../../../components/ui/spinner';
import { ReportedReviewsPage } from '../../../features/reviews/reported-reviews-page';
import { reportedReviewsQuery } from '../../../lib/reviews';

export const Route = createFileRoute('/_auth/admin/reviews')({
  loader: ({ context }) => context.queryClient.ensureInfiniteQueryData(reportedReviewsQuery),
  pendingComponent: () => <Spinner label="Loading reported reviews" />,
  component: ReportedReviewsPage,
});
