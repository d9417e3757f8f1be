import { graphql } from './gql';

/** SGR trains between two stations on a date (later dates too, up to lookAheadDays, when none run). */
export const TrainSearchDocument = graphql(`
  query TrainSearch($from: String!, $to: String!, $date: String!, $lookAheadDays: String) {
    trainSearch(from: $from, to: $to, date: $date, lookAheadDays: $lookAheadDays) {
      meta {
        count
      }
      data {
        trip {
          number
          name
          timeTableTrainSetId
        }
        departure {
          dateTime
          stop {
            stopName
          }
        }
        arrival {
          dateTime
          stop {
            stopName
          }
        }
        price {
          grandTotal
          currency
        }
      }
    }
  }
`);

/**
 * Flight offers for one search. A mutation: every search stores its offers, and offerReference binds
 * an offer to the caller for review and booking.
 */
export const SearchFlightsDocument = graphql(`
  mutation SearchFlights($input: FlightSearchInput!) {
    searchFlights(input: $input) {
      meta {
        count
      }
      data {
        offerReference
        price {
          grandTotal
          currency
        }
        itineraries {
          duration
          segments {
            carrierCode
            number
            departure {
              iataCode
              at
            }
            arrival {
              iataCode
              at
            }
          }
        }
      }
    }
  }
`);
