import { ErrorBoundary } from '../../ui/feedback/ErrorBoundary';
import { SharedReportScreen } from './SharedReportScreen';

/** /shared/report */
export default function SharedReportIsland() {
  return (
    <ErrorBoundary label="shared report">
      <SharedReportScreen />
    </ErrorBoundary>
  );
}
