# Prints, for each comparison operator, a matrix of what Shopify Liquid 5.4
# makes of `{% if a OP b %}`: t (true), f (false) or e (an error).
require 'liquid'
require 'json'
VALUES = JSON.parse(ARGV[0])
OPS = ['==', '!=', '<>', '<', '>', '<=', '>=', 'contains']
OPS.each do |op|
  tpl = Liquid::Template.parse("{% if a #{op} b %}t{% else %}f{% endif %}")
  rows = VALUES.map do |a|
    VALUES.map do |b|
      begin
        tpl.render!({'a' => a, 'b' => b}, strict_variables: false)
      rescue StandardError
        'e'
      end
    end.join
  end
  puts "#{op} #{rows.join(' ')}"
end
