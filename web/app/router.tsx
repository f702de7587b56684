import { createBrowserRouter } from 'react-router';
import { routes } from './routes';

/** The web app's router (the route table, which the server's frame render reads too, is routes.tsx). */
export const router = createBrowserRouter(routes);
