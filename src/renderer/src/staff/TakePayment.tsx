import { useKiosk } from '../store/context';
import { ActivePayment } from './ActivePayment';
import { NewPayment } from './NewPayment';
import { Queue } from './Queue';
import { Takings } from './Takings';

export function TakePayment() {
  const kiosk = useKiosk((view) => view.kiosk);
  const link = useKiosk((view) => view.link);
  if (!kiosk) return null;
  return (
    <div className="take">
      <NewPayment disabled={link !== 'open'} />
      <div className="take__side">
        <ActivePayment payment={kiosk.active} />
        <Queue payments={kiosk.queue} held={kiosk.held} />
        <Takings takings={kiosk.takings} />
      </div>
    </div>
  );
}
