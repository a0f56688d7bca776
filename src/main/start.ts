/**
 * `npm start`: for now it starts the embedded payments service (src/service) and prints its
 * URLs; the kiosk windows are added by the kiosk issues (see README, "What npm start does now").
 */
import { main } from '../service/cli';

await main(process.argv.slice(2));
