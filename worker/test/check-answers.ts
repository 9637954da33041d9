/** Setup of the worker project: every answer of the app is checked against its description (described-answers.ts). */
import { app } from '../app';
import { checkAnswers } from './described-answers';

checkAnswers(app);
