import { queryOptions } from '@tanstack/react-query'
import { fetchTestimonials } from '~/server/testimonials.functions'

export const testimonialQueries = {
  list: (page: number) => queryOptions({ queryKey: ['testimonials', 'list', page], queryFn: () => fetchTestimonials({ data: { page } }) }),
}
