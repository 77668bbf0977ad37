import type { Place } from '../api/get-places';
import { greatCircleKm, type LatLng } from './geo';

/**
 * "Near me" when the server has no answer for a point (GET /api/places?lat=&lng= empty or refused): the
 * nearest of India's biggest cities, so the button still helps. Loaded only when the button is used.
 */
const CITIES: Array<[string, string, number, number]> = [
  ['Mumbai', 'Maharashtra', 19.076, 72.8777],
  ['Delhi', 'Delhi', 28.6139, 77.209],
  ['Bengaluru', 'Karnataka', 12.9716, 77.5946],
  ['Hyderabad', 'Telangana', 17.385, 78.4867],
  ['Ahmedabad', 'Gujarat', 23.0225, 72.5714],
  ['Chennai', 'Tamil Nadu', 13.0827, 80.2707],
  ['Kolkata', 'West Bengal', 22.5726, 88.3639],
  ['Pune', 'Maharashtra', 18.5204, 73.8567],
  ['Jaipur', 'Rajasthan', 26.9124, 75.7873],
  ['Surat', 'Gujarat', 21.1702, 72.8311],
  ['Lucknow', 'Uttar Pradesh', 26.8467, 80.9462],
  ['Kanpur', 'Uttar Pradesh', 26.4499, 80.3319],
  ['Nagpur', 'Maharashtra', 21.1458, 79.0882],
  ['Indore', 'Madhya Pradesh', 22.7196, 75.8577],
  ['Bhopal', 'Madhya Pradesh', 23.2599, 77.4126],
  ['Visakhapatnam', 'Andhra Pradesh', 17.6868, 83.2185],
  ['Patna', 'Bihar', 25.5941, 85.1376],
  ['Vadodara', 'Gujarat', 22.3072, 73.1812],
  ['Ludhiana', 'Punjab', 30.901, 75.8573],
  ['Agra', 'Uttar Pradesh', 27.1767, 78.0081],
  ['Nashik', 'Maharashtra', 19.9975, 73.7898],
  ['Coimbatore', 'Tamil Nadu', 11.0168, 76.9558],
  ['Kochi', 'Kerala', 9.9312, 76.2673],
  ['Thiruvananthapuram', 'Kerala', 8.5241, 76.9366],
  ['Mysuru', 'Karnataka', 12.2958, 76.6394],
  ['Mangaluru', 'Karnataka', 12.9141, 74.856],
  ['Madurai', 'Tamil Nadu', 9.9252, 78.1198],
  ['Vijayawada', 'Andhra Pradesh', 16.5062, 80.648],
  ['Bhubaneswar', 'Odisha', 20.2961, 85.8245],
  ['Guwahati', 'Assam', 26.1445, 91.7362],
  ['Chandigarh', 'Chandigarh', 30.7333, 76.7794],
  ['Dehradun', 'Uttarakhand', 30.3165, 78.0322],
  ['Ranchi', 'Jharkhand', 23.3441, 85.3096],
  ['Raipur', 'Chhattisgarh', 21.2514, 81.6296],
  ['Goa', 'Goa', 15.4909, 73.8278],
  ['Jammu', 'Jammu and Kashmir', 32.7266, 74.857],
  ['Srinagar', 'Jammu and Kashmir', 34.0837, 74.7973],
  ['Varanasi', 'Uttar Pradesh', 25.3176, 82.9739],
  ['Amritsar', 'Punjab', 31.634, 74.8723],
  ['Jodhpur', 'Rajasthan', 26.2389, 73.0243],
];

export function nearestCity(at: LatLng): Place {
  let best: Place | null = null;
  let bestKm = Infinity;
  for (const [name, state, lat, lng] of CITIES) {
    const km = greatCircleKm(at, { lat, lng });
    if (km < bestKm) {
      bestKm = km;
      best = { id: `fallback-${name}`, name, area: name, state, lat, lng, kind: 'city' };
    }
  }
  return best!;
}
