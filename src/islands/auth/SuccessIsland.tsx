import { SuccessMessage } from '../../ui/auth/SuccessMessage';

/** /success */
export default function SuccessIsland() {
  return <SuccessMessage />;
}
