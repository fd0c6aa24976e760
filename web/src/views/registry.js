// The page's views, in tab order: each pairs a state schema (pure, in state.js SCHEMAS) with
// the class that draws it. A view class has constructor(root, { onChange }),
// renderInputs(state, fieldErrors) and renderResult(state, { response } | { error }).
import { SCHEMAS } from '../state.js';
import { RldpView } from './rldp.js';
import { RldpMseView } from './rldp_mse.js';
import { FunnelView } from './funnel.js';
import { EstimationView } from './estimation.js';
import { GameView } from './game.js';
import { EvaluateView } from './evaluate.js';

const CLASSES = { rldp: RldpView, 'rldp-mse': RldpMseView, funnel: FunnelView, estimation: EstimationView, game: GameView, evaluate: EvaluateView };

export const VIEWS = Object.values(SCHEMAS).map((schema) => ({ id: schema.id, title: schema.title, View: CLASSES[schema.id] }));
